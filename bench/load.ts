import autocannon, { type Result } from 'autocannon'
import type { Endpoint } from './endpoints.ts'

export type Throughput = { rps: number; p50: number; p99: number; failed: number }
export type Latency = { p50: number; p99: number; rps: number; failed: number }

export const CONNECTIONS = 50
export const STEADY_RATE = 500

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

/** Latency at a steady 500 requests per second (autocannon corrects for coordinated omission). */
export async function steadyLatency(baseUrl: string, endpoint: Endpoint, cookies: string[], seconds: number) {
  const result = await autocannon({
    ...options(baseUrl, endpoint, cookies, seconds),
    overallRate: STEADY_RATE,
  })
  return {
    p50: result.latency.p50,
    p99: result.latency.p99,
    rps: Math.round(result.requests.average),
    failed: failed(result),
  } satisfies Latency
}
