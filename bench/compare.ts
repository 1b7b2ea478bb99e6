import { readFileSync } from 'node:fs'
import type { Report } from './report.ts'

// tsx bench/compare.ts before.json after.json: Nestmate's figures side by side, for docs/benchmarks.md.
const [before, after] = process.argv.slice(2).map((file) => JSON.parse(readFileSync(file!, 'utf8')) as Report)

const figure = (report: Report, database: string, size: number, endpoint: string) => {
  const m = report.results.find(
    (r) => r.database === database && r.size === size && r.endpoint === endpoint && r.server === 'nestmate',
  )
  if (!m) return '–'
  if (m.throughput.rps === 0) return 'none answered'
  const failed = m.throughput.failed + (m.latency?.failed ?? 0)
  return `${m.throughput.rps} req/s, p99 ${m.latency?.p99 ?? '–'} ms${failed ? ` (${failed} failed)` : ''}`
}

const sizes = before!.settings.sizes.filter((size) => after!.settings.sizes.includes(size))
const databases = [...new Set(before!.results.map((r) => r.database))]
const endpoints = [...new Set(before!.results.map((r) => r.endpoint))]
console.log('| database | listings | endpoint | before | after |\n| --- | --- | --- | --- | --- |')
for (const database of databases)
  for (const size of sizes)
    for (const endpoint of endpoints)
      console.log(
        `| ${database} | ${size} | ${endpoint} | ${figure(before!, database, size, endpoint)} | ${figure(after!, database, size, endpoint)} |`,
      )
