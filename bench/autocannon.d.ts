// The few parts of autocannon's API the benchmark uses (the package ships no types).
declare module 'autocannon' {
  type Histogram = { average: number; p50: number; p99: number; mean: number; total: number }
  export type Result = {
    requests: Histogram
    latency: Histogram
    throughput: Histogram
    non2xx: number
    errors: number
    timeouts: number
    duration: number
  }
  type RawRequest = { method?: string; path?: string; headers?: Record<string, string>; body?: string }
  export type Options = {
    url: string
    connections?: number
    duration?: number
    overallRate?: number
    method?: string
    headers?: Record<string, string>
    body?: string
    requests?: { setupRequest?: (request: RawRequest) => RawRequest }[]
  }
  export default function autocannon(options: Options): Promise<Result>
}
