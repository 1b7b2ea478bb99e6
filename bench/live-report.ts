import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import prettier from 'prettier'
import type { Latency, Throughput } from './load.ts'

/** One endpoint's figures: max throughput, then latency at the steady rate. */
export type LiveRow = { endpoint: string; server: string; throughput: Throughput; latency: Latency }

export type LiveReport = {
  startedAt: string
  finishedAt: string
  machine: Record<string, unknown> & { loadBefore: number[]; loadAfter: number[] }
  settings: {
    connections: number
    conversations: number
    listings: number
    messages: number
    messageRate: number
    rate: number
    duration: number
    logLevel: string
  }
  seededSeconds: number
  streams: {
    /** Streams still open at the end (the server ended none). */
    open: number
    openedSeconds: number
    /** Resident memory of the two app processes before and after the streams opened, in bytes. */
    rssBefore: number[]
    rssAfter: number[]
    bytesPerConnection: number
  }
  delivery: {
    sent: number
    delivered: number
    lost: number
    p50: number
    p99: number
    max: number
    postP50: number
    postP99: number
  }
  rows: LiveRow[]
}

// The generated part of docs/benchmarks.md's Conversations section, and the `conversations` key of
// docs/benchmarks.json (the main run's writer keeps that key: bench/report.ts).
const START = '<!-- bench:live:start -->'
const END = '<!-- bench:live:end -->'

const table = (head: string[], rows: (string | number)[][]) =>
  [
    `| ${head.join(' | ')} |`,
    `| ${head.map(() => '---').join(' | ')} |`,
    ...rows.map((r) => `| ${r.join(' | ')} |`),
  ].join('\n')
const k = (n: number) => (n >= 1000 ? `${n / 1000}k` : String(n))
const mb = (bytes: number) => `${Math.round(bytes / 2 ** 20)} MB`
const failed = (row: LiveRow) => row.throughput.failed + row.latency.failed
const verdict = (value: number, target: number) => (value < target ? 'met' : '**not met**')

export function liveMarkdown(report: LiveReport): string {
  const { settings: s, streams, delivery, machine: m } = report
  const inbox = report.rows.filter((row) => row.endpoint.startsWith('inbox'))
  const browse = report.rows.filter((row) => !row.endpoint.startsWith('inbox'))
  const names = [...new Set(inbox.map((row) => row.endpoint))]
  const find = (name: string, server: string) =>
    inbox.find((row) => row.endpoint === name && row.server === server)
  const ms = (n: number | undefined) => (n === undefined ? '–' : `${n} ms`)
  const firstInbox = find('inbox: first page', 'Nestmate')
  const [without, withStreams] = browse
  const lines = [
    `Run ${report.startedAt} → ${report.finishedAt}; ${m.cores} × ${m.cpu}, ${m.memoryGb} GB, Node ${m.node}; load average ${m.loadBefore.join(' ')} before, ${m.loadAfter.join(' ')} after. Scale: ${s.connections} live connections over two app processes, an inbox of ${k(s.conversations)} conversations, ${k(s.listings)} listings; ${s.duration} s per figure, LOG_LEVEL=${s.logLevel}.`,
    table(
      ['figure', 'result', 'target'],
      [
        [
          `a message posted on one process reaches the recipient's stream on the other (${delivery.sent} messages at ${s.messageRate}/s)`,
          `p50 ${delivery.p50} ms, p99 ${delivery.p99} ms, max ${delivery.max} ms; ${delivery.delivered} delivered, ${delivery.lost} lost`,
          `p99 < 100 ms: ${verdict(delivery.p99, 100)}`,
        ],
        [
          'the POST alone (answered by the sender’s process)',
          `p50 ${delivery.postP50} ms, p99 ${delivery.postP99} ms`,
          '–',
        ],
        [
          `memory per open connection (RSS of both processes, before and after opening ${s.connections})`,
          `${(streams.bytesPerConnection / 1024).toFixed(1)} kB (${streams.rssBefore.map(mb).join(' + ')} → ${streams.rssAfter.map(mb).join(' + ')})`,
          'measured',
        ],
        [
          `opening the ${s.connections} streams (50 at a time, each until its first event)`,
          `${streams.openedSeconds} s; ${streams.open} still open at the end`,
          '–',
        ],
        [
          `inbox first page of ${k(s.conversations)} conversations at ${s.rate}/s`,
          `p99 ${ms(firstInbox?.latency.p99)}`,
          firstInbox ? `p99 < 50 ms: ${verdict(firstInbox.latency.p99, 50)}` : '–',
        ],
        [
          `browse first page p99 at ${s.rate}/s: without streams → ${s.connections} open`,
          `${ms(without?.latency.p99)} → ${ms(withStreams?.latency.p99)}`,
          'no worse',
        ],
      ],
    ),
    table(
      [
        'endpoint',
        'Nestmate req/s',
        'ref. 1 req/s',
        'Nestmate / ref. 1',
        `p50 @${s.rate}/s`,
        `p99 @${s.rate}/s`,
        'ref. 1 p99',
      ],
      names.map((name) => {
        const [n, r] = [find(name, 'Nestmate'), find(name, 'reference 1')]
        return [
          name,
          n ? `${n.throughput.rps}${failed(n) > 0 ? ` (${failed(n)} failed)` : ''}` : '–',
          r ? `${r.throughput.rps}${failed(r) > 0 ? ` (${failed(r)} failed)` : ''}` : '–',
          n && r ? `${Math.round((n.throughput.rps / r.throughput.rps) * 100)} %` : '–',
          ms(n?.latency.p50),
          ms(n?.latency.p99),
          ms(r?.latency.p99),
        ]
      }),
    ),
    table(
      ['browse: first page', 'req/s', `p50 @${s.rate}/s`, `p99 @${s.rate}/s`],
      browse.map((row) => [
        row.server,
        `${row.throughput.rps}${failed(row) > 0 ? ` (${failed(row)} failed)` : ''}`,
        ms(row.latency.p50),
        ms(row.latency.p99),
      ]),
    ),
  ]
  return lines.join('\n\n')
}

/** The section between its markers in benchmarks.md, and the `conversations` key of benchmarks.json. */
export async function writeLiveReport(outDir: string, report: LiveReport) {
  const json = path.join(outDir, 'benchmarks.json')
  const existing = existsSync(json) ? (JSON.parse(readFileSync(json, 'utf8')) as Record<string, unknown>) : {}
  writeFileSync(json, `${JSON.stringify({ ...existing, conversations: report }, null, 2)}\n`)
  const file = path.join(outDir, 'benchmarks.md')
  const text = existsSync(file) ? readFileSync(file, 'utf8') : `# Benchmarks\n`
  const generated = `${START}\n\n${liveMarkdown(report)}\n\n${END}`
  const next = text.includes(START)
    ? text.replace(new RegExp(`${START}[\\s\\S]*${END}`), generated)
    : `${text}\n## Conversations\n\n${generated}\n`
  // Formatted as the rest of the file is (npm run lint checks it).
  writeFileSync(
    file,
    await prettier.format(next, { ...(await prettier.resolveConfig(file)), filepath: file }),
  )
  console.log(`\n${liveMarkdown(report)}\n\nwritten to ${file} and ${json}`)
}

// `npx tsx bench/live-report.ts [folder]` writes the section again from that folder's benchmarks.json.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const dir = process.argv[2] ?? 'docs'
  const saved = JSON.parse(readFileSync(path.join(dir, 'benchmarks.json'), 'utf8')) as {
    conversations: LiveReport
  }
  await writeLiveReport(dir, saved.conversations)
}
