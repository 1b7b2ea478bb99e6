import os from 'node:os'

// Everything a reader may change, from the environment; `--quick` gives a run of a few minutes.
export function benchConfig(argv: string[], env: NodeJS.ProcessEnv) {
  const quick = argv.includes('--quick')
  const list = (value: string | undefined, fallback: string[]) =>
    value ? value.split(',').map((item) => item.trim()) : fallback
  const postgresUrl = env.BENCH_DATABASE_URL ?? env.TEST_DATABASE_URL
  return {
    quick,
    sizes: list(env.BENCH_SIZES, quick ? ['1000', '10000'] : ['1000', '10000', '100000']).map(Number),
    databases: list(env.BENCH_DATABASES, postgresUrl ? ['pglite', 'postgres'] : ['pglite']) as (
      'pglite' | 'postgres'
    )[],
    postgresUrl,
    /** Seconds of each measurement (max throughput, then latency at BENCH_RATE requests/s, 500 unless set). */
    duration: Number(env.BENCH_DURATION ?? (quick ? 2 : 7)),
    warmup: Number(env.BENCH_WARMUP ?? (quick ? 1 : 2)),
    endpoints: env.BENCH_ENDPOINTS ? list(env.BENCH_ENDPOINTS, []) : undefined,
    references: env.BENCH_REFERENCES !== 'false',
    lighthouse: env.BENCH_LIGHTHOUSE !== 'false',
    /** Lighthouse runs per page; the median run is reported (one run swings by ±10 points on a shared machine). */
    lighthouseRuns: Number(env.BENCH_LIGHTHOUSE_RUNS ?? (quick ? 1 : 5)),
    // What production runs: info, which logs each request (the LOG_LEVEL default, docs/architecture.md §6).
    logLevel: env.BENCH_LOG_LEVEL ?? 'info',
    sessions: 20,
    port: Number(env.BENCH_PORT ?? 39100),
    outDir: env.BENCH_OUT ?? (quick ? '.tmp/bench' : 'docs'),
    label: env.BENCH_LABEL ?? '',
    machine: {
      cpu: os.cpus()[0]?.model ?? 'unknown',
      cores: os.cpus().length,
      memoryGb: Math.round(os.totalmem() / 2 ** 30),
      node: process.version,
      os: `${os.type()} ${os.release()}`,
    },
  }
}

export type BenchConfig = ReturnType<typeof benchConfig>
