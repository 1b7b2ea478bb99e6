import http from 'node:http'
import autocannon, { type Result } from 'autocannon'
import type { Endpoint } from './endpoints.ts'

export type Throughput = { rps: number; p50: number; p99: number; failed: number }
export type Latency = { p50: number; p99: number; rps: number; failed: number }

export const CONNECTIONS = 50
/** Requests a second of the latency measurement: BENCH_RATE, 500 unless set (the Part 2 targets say 200). */
export const STEADY_RATE = Number(process.env.BENCH_RATE ?? 500)

/** Rotates paths and cookies per request, so a run isn't one hot row and one person. */
function options(baseUrl: string, endpoint: Endpoint, cookies: string[], seconds: number) {
  let next = 0
  const headers: Record<string, string> = { accept: 'application/json' }
  if (endpoint.body !== undefined || endpoint.method !== 'GET') headers['content-type'] = 'application/json'
  return {
    url: baseUrl,
    connections: CONNECTIONS,
    duration: seconds,
    method: endpoint.method,
    body: endpoint.body,
    requests: [
      {
        setupRequest: (request: { path?: string; headers?: Record<string, string> }) => {
          const i = next++
          const cookie: Record<string, string> = endpoint.signedIn
            ? { cookie: cookies[i % cookies.length]! }
            : {}
          return {
            ...request,
            path: endpoint.paths[i % endpoint.paths.length],
            headers: { ...headers, ...cookie },
          }
        },
      },
    ],
  }
}

const failed = (result: Result) => result.non2xx + result.errors + result.timeouts

/** As many requests as 50 connections get answered in `seconds`. */
export async function maxThroughput(baseUrl: string, endpoint: Endpoint, cookies: string[], seconds: number) {
  const result = await autocannon(options(baseUrl, endpoint, cookies, seconds))
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    failed: failed(result),
  } satisfies Throughput
}

/**
 * Latency at a steady STEADY_RATE requests per second, open loop: request i is sent at start + i / rate whatever the
 * earlier ones are doing, over at most 50 keep-alive connections, and its latency counts from that scheduled
 * moment (so a stalled server can't hide its queue: no coordinated omission). autocannon's own rate option
 * releases each second's quota at once, which measures a burst of 50 rather than a steady load.
 */
export async function steadyLatency(
  baseUrl: string,
  endpoint: Endpoint,
  cookies: string[],
  seconds: number,
  rate = STEADY_RATE,
) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS })
  const total = Math.round(rate * seconds)
  const interval = 1000 / rate
  const latencies: number[] = []
  let failed = 0
  let sent = 0
  const started = performance.now()
  const send = (i: number, scheduled: number) =>
    new Promise<void>((resolve) => {
      const headers: Record<string, string> = { accept: 'application/json' }
      if (endpoint.body !== undefined || endpoint.method !== 'GET')
        headers['content-type'] = 'application/json'
      if (endpoint.signedIn) headers.cookie = cookies[i % cookies.length]!
      const request = http.request(
        new URL(endpoint.paths[i % endpoint.paths.length]!, baseUrl),
        { method: endpoint.method, headers, agent, timeout: 10_000 },
        (response) => {
          response.resume()
          response.on('end', () => {
            if ((response.statusCode ?? 0) >= 300) failed++
            latencies.push(performance.now() - scheduled)
            resolve()
          })
        },
      )
      request.on('error', () => {
        failed++
        resolve()
      })
      request.on('timeout', () => request.destroy())
      request.end(endpoint.body)
    })
  const pending: Promise<void>[] = []
  await new Promise<void>((done) => {
    const tick = () => {
      const now = performance.now()
      while (sent < total && started + sent * interval <= now) {
        pending.push(send(sent, started + sent * interval))
        sent++
      }
      if (sent < total) setTimeout(tick, Math.max(0, started + sent * interval - performance.now()))
      else done()
    }
    tick()
  })
  await Promise.all(pending)
  const elapsed = (performance.now() - started) / 1000
  agent.destroy()
  latencies.sort((a, b) => a - b)
  const at = (q: number) =>
    Math.round((latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? NaN) * 10) / 10
  return {
    p50: at(0.5),
    p99: at(0.99),
    rps: Math.round(latencies.length / elapsed),
    failed,
  } satisfies Latency
}
