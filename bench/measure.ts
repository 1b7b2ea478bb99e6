import type { Endpoint } from './endpoints.ts'
import { maxThroughput, STEADY_RATE, steadyLatency, type Latency, type Throughput } from './load.ts'

export type ServerKind = 'nestmate' | 'reference' | 'ceiling'
export type Measurement = {
  database: 'pglite' | 'postgres'
  size: number
  endpoint: string
  server: ServerKind
  throughput: Throughput
  latency?: Latency
}

/** Waits until the server answers a cheap read quickly: a run that overloaded it must not bleed into the next. */
async function settle(baseUrl: string) {
  const deadline = Date.now() + 30_000
  while (Date.now() < deadline) {
    const started = Date.now()
    await fetch(`${baseUrl}/api/featured-roommates`).catch(() => undefined)
    if (Date.now() - started < 100) return
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
}

/** Seconds at the steady rate before its latency is measured, after the flat-out throughput run. */
export const LEAD_IN_SECONDS = 2

type Run = {
  database: Measurement['database']
  size: number
  server: ServerKind
  cookies: string[]
  /** Where each phase's start is written (the servers' log), to place a stall line in its phase. */
  log?: (line: string) => void
}

/** Warms up, then measures max throughput and (unless `throughputOnly`) latency at the steady rate. */
export async function measure(
  baseUrl: string,
  list: Endpoint[],
  run: Run,
  seconds: { duration: number; warmup: number },
  throughputOnly = false,
): Promise<Measurement[]> {
  const results: Measurement[] = []
  for (const endpoint of list) {
    const phase = (name: string) =>
      run.log?.(`phase ${run.server} ${name} ${new Date().toISOString()} ${endpoint.name}`)
    await settle(baseUrl)
    phase('warmup')
    if (seconds.warmup > 0) await maxThroughput(baseUrl, endpoint, run.cookies, seconds.warmup)
    phase('throughput')
    const throughput = await maxThroughput(baseUrl, endpoint, run.cookies, seconds.duration)
    // A server that can't answer 500/s at all would only build a queue (which outlives the run and spoils the
    // next figure): its latency at 500/s is "above capacity", not a number.
    const isSteady = !throughputOnly && throughput.rps >= STEADY_RATE
    if (isSteady) {
      // The load changes from flat out to the steady rate: what the overload left behind (a queue of answers, a
      // heap grown by requests that waited, and the full collection it brings) drains in the lead-in, which isn't
      // counted, so the figure is the steady load's own (decision 068). Its p99 goes to the log.
      phase(`lead-in@${STEADY_RATE}`)
      const leadIn = await steadyLatency(baseUrl, endpoint, run.cookies, LEAD_IN_SECONDS)
      phase(`latency@${STEADY_RATE} (lead-in p50 ${leadIn.p50} ms, p99 ${leadIn.p99} ms)`)
    }
    const latency = isSteady
      ? await steadyLatency(baseUrl, endpoint, run.cookies, seconds.duration)
      : undefined
    phase('done')
    const line = `${run.database} ${run.size} ${run.server.padEnd(9)} ${endpoint.name.padEnd(26)} ${String(throughput.rps).padStart(6)} req/s`
    console.log(
      latency
        ? `${line}   p50 ${latency.p50} ms  p99 ${latency.p99} ms @${STEADY_RATE}/s`
        : throughputOnly
          ? line
          : `${line}   above capacity for ${STEADY_RATE}/s`,
    )
    if (throughput.failed > 0 || (latency?.failed ?? 0) > 0)
      console.log(`  ! ${throughput.failed + (latency?.failed ?? 0)} failed requests`)
    results.push({
      database: run.database,
      size: run.size,
      endpoint: endpoint.name,
      server: run.server,
      throughput,
      latency,
    })
  }
  return results
}

/** The bytes Nestmate answers for each read, for the ceiling server to replay. */
export async function captureAnswers(baseUrl: string, list: Endpoint[], cookies: string[]) {
  const answers: Record<string, string> = {}
  for (const endpoint of list) {
    for (const [i, path] of endpoint.paths.entries()) {
      const cookie = cookies[endpoint.pathPerPerson ? i : 0]!
      const response = await fetch(baseUrl + path, { headers: endpoint.signedIn ? { cookie } : {} })
      answers[`GET ${path}`] = await response.text()
    }
  }
  return answers
}
