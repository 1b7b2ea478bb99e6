import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import type { PageScore } from './lighthouse.ts'
import { STEADY_RATE } from './load.ts'
import type { Measurement } from './measure.ts'

export type Report = {
  label: string
  startedAt: string
  finishedAt: string
  machine: Record<string, unknown> & {
    loadBefore: number[]
    loadAfter: number[]
    stealPercent?: number | null
  }
  settings: { sizes: number[]; duration: number; logLevel: string }
  results: Measurement[]
  lighthouse: PageScore[]
}

const START = '<!-- bench:results:start -->'
const END = '<!-- bench:results:end -->'

const table = (head: string[], rows: (string | number)[][]) =>
  [
    `| ${head.join(' | ')} |`,
    `| ${head.map(() => '---').join(' | ')} |`,
    ...rows.map((r) => `| ${r.join(' | ')} |`),
  ].join('\n')
const pct = (a: number | undefined, b: number | undefined) =>
  a && b ? `${Math.round((a / b) * 100)} %` : '–'
// A figure with failed requests (errors, timeouts, non-2xx) is not a real figure: say so next to it.
// autocannon reports 0 with no failures when not one request was answered before the run ended.
const rps = (m: Measurement | undefined) =>
  !m
    ? '–'
    : m.throughput.rps === 0
      ? '0 (none answered)'
      : `${m.throughput.rps}${m.throughput.failed > 0 ? ` (${m.throughput.failed} failed)` : ''}`
const p99 = (m: Measurement | undefined) =>
  !m
    ? '–'
    : !m.latency
      ? overloaded(m) && m.server !== 'ceiling'
        ? 'above capacity †'
        : '–'
      : m.latency.rps === 0
        ? 'none answered'
        : `${m.latency.p99} ms${m.latency.failed > 0 ? ` (${m.latency.failed} failed)` : ''}`
/** The server answers fewer than 500 requests a second at most: a steady 500/s would only grow its queue. */
const overloaded = (m: Measurement) => m.throughput.rps < STEADY_RATE
export const OVERLOAD_NOTE = `† Above capacity: this server answers fewer than ${STEADY_RATE} requests a second at most, so a steady ${STEADY_RATE}/s would only grow its queue; no latency is measured.`
const k = (n: number) => (n >= 1000 ? `${n / 1000}k` : String(n))

function headline(report: Report, database: string, size: number) {
  const find = (endpoint: string, server: string) =>
    report.results.find(
      (r) => r.database === database && r.size === size && r.endpoint === endpoint && r.server === server,
    )
  const names = [
    ...new Set(
      report.results.filter((r) => r.database === database && r.size === size).map((r) => r.endpoint),
    ),
  ]
  return table(
    [
      'endpoint',
      'Nestmate req/s',
      'ref. 1 req/s',
      'ceiling req/s',
      'Nestmate / ref. 1',
      'Nestmate / ceiling',
      `p50 @${STEADY_RATE}/s`,
      `p99 @${STEADY_RATE}/s`,
      'ref. 1 p99',
    ],
    names.map((name) => {
      const [n, r, c] = [find(name, 'nestmate'), find(name, 'reference'), find(name, 'ceiling')]
      return [
        name,
        rps(n),
        rps(r),
        rps(c),
        pct(n?.throughput.rps, r?.throughput.rps),
        pct(n?.throughput.rps, c?.throughput.rps),
        n?.latency ? `${n.latency.p50} ms` : '–',
        p99(n),
        p99(r),
      ]
    }),
  )
}

function scaling(report: Report, database: string) {
  const sizes = report.settings.sizes
  const rows = report.results.filter((r) => r.database === database && r.server === 'nestmate')
  const names = [...new Set(rows.map((r) => r.endpoint))]
  const at = (name: string, size: number) => rows.find((r) => r.endpoint === name && r.size === size)
  return table(
    ['endpoint', ...sizes.map((s) => `req/s ${k(s)}`), ...sizes.map((s) => `p99 ${k(s)}`)],
    names.map((name) => [name, ...sizes.map((s) => rps(at(name, s))), ...sizes.map((s) => p99(at(name, s)))]),
  )
}

export function markdown(report: Report): string {
  const databases = [...new Set(report.results.map((r) => r.database))]
  const largest = Math.max(...report.settings.sizes)
  const m = report.machine
  const parts = [
    `Run ${report.label ? `"${report.label}" ` : ''}${report.startedAt} → ${report.finishedAt}; ${m.cores} × ${m.cpu}, ${m.memoryGb} GB, Node ${m.node}, ${m.os}; load average ${m.loadBefore.join(' ')} before, ${m.loadAfter.join(' ')} after${typeof m.stealPercent === 'number' ? `; CPU steal ${m.stealPercent} % (time the hypervisor gave other machines)` : ''}; ${report.settings.duration} s per measurement, LOG_LEVEL=${report.settings.logLevel}.`,
  ]
  for (const database of databases) {
    parts.push(`#### ${database}, ${k(largest)} listings\n\n${headline(report, database, largest)}`)
    parts.push(
      `#### ${database}: from ${k(report.settings.sizes[0]!)} to ${k(largest)} listings (Nestmate)\n\n${scaling(report, database)}`,
    )
  }
  if (report.lighthouse.length > 0) {
    parts.push(
      `#### Web app (Lighthouse 12, mobile)\n\n` +
        table(
          ['page', 'performance (median; all runs)', 'FCP', 'LCP', 'TBT', 'CLS', 'initial JS (gzip)'],
          report.lighthouse.map((p) => [
            p.page.replace(/[0-9a-f-]{36}/, ':id'),
            p.runs && p.runs.length > 1 ? `${p.performance} (${p.runs.join(', ')})` : p.performance,
            p.fcpMs === undefined ? '–' : `${p.fcpMs} ms`,
            `${p.lcpMs} ms`,
            `${p.tbtMs} ms`,
            p.cls,
            `${(p.jsGzipBytes / 1024).toFixed(1)} kB`,
          ]),
        ),
    )
  }
  if (report.results.some((m) => m.server !== 'ceiling' && overloaded(m))) parts.push(OVERLOAD_NOTE)
  return parts.join('\n\n')
}

/** JSON next to a Markdown file whose generated part sits between two markers (the rest is written by hand). */
export function writeReport(outDir: string, report: Report) {
  const json = path.join(outDir, 'benchmarks.json')
  // The conversations benchmark's figures (bench/live-report.ts) share the file: a main run keeps them.
  const kept = existsSync(json)
    ? (JSON.parse(readFileSync(json, 'utf8')) as { conversations?: unknown }).conversations
    : undefined
  writeFileSync(json, `${JSON.stringify(kept ? { ...report, conversations: kept } : report, null, 2)}\n`)
  const file = path.join(outDir, 'benchmarks.md')
  const text = existsSync(file) ? readFileSync(file, 'utf8') : `# Benchmarks\n\n${START}\n${END}\n`
  const generated = `${START}\n\n${markdown(report)}\n\n${END}`
  const next = text.includes(START)
    ? text.replace(new RegExp(`${START}[\\s\\S]*${END}`), generated)
    : `${text}\n${generated}\n`
  writeFileSync(file, next)
  console.log(`\n${markdown(report)}\n\nwritten to ${file} and ${path.join(outDir, 'benchmarks.json')}`)
}

// `npx tsx bench/report.ts [folder]` writes the tables again from that folder's benchmarks.json (default docs/).
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const dir = process.argv[2] ?? 'docs'
  writeReport(dir, JSON.parse(readFileSync(path.join(dir, 'benchmarks.json'), 'utf8')) as Report)
}
