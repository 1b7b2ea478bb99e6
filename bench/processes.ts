import { spawn, type ChildProcess } from 'node:child_process'
import { openSync } from 'node:fs'
import type { EnvVariables } from '../src/server/env.ts'
import { serverEnv } from '../src/server/test/processes.ts'

export type Server = { url: string; pid: number; stop: () => Promise<void> }

// BENCH_PROFILE=<dir> writes a V8 CPU profile of every server to that folder (open it in Chrome's DevTools).
const profile = process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : []
// BENCH_NODE_FLAGS adds node flags to every server, e.g. `--trace-gc` (NODE_OPTIONS refuses some of them).
const flags = process.env.BENCH_NODE_FLAGS?.split(' ').filter(Boolean) ?? []
const node = (script: string) => [...profile, ...flags, '--import', 'tsx', script]

// A failed run must not leave a server holding the port for the next one.
const running = new Set<ChildProcess>()
process.on('exit', () => running.forEach((child) => child.kill('SIGKILL')))

async function waitUntilUp(url: string, child: ChildProcess, logFile: string) {
  const deadline = Date.now() + 120_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}; see ${logFile}`)
    try {
      const response = await fetch(url)
      if (response.status < 500) return
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  throw new Error(`server at ${url} did not start; see ${logFile}`)
}

// Each server is its own process, so it never shares an event loop with the load generator. Its output goes to
// a file: piping it back here would cost this process CPU in the middle of a measurement.
async function start(script: string, env: NodeJS.ProcessEnv, port: number, probe: string, logFile: string) {
  const log = openSync(logFile, 'a')
  const child = spawn(process.execPath, node(script), {
    env: { ...env, PORT: String(port) },
    stdio: ['ignore', log, log],
  })
  running.add(child)
  child.once('exit', () => running.delete(child))
  const url = `http://127.0.0.1:${port}`
  await waitUntilUp(url + probe, child, logFile)
  return {
    url,
    pid: child.pid!,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve()
        child.once('exit', () => resolve())
        child.kill('SIGINT')
      }),
  }
}

/** The servers' AUTH_SECRET: a benchmark may sign session cookies of sessions it made in SQL (bench/live-seed.ts). */
export const BENCH_AUTH_SECRET = 'benchmark-secret-that-is-long-enough-0123456789'

/**
 * Nestmate as production runs it, minus the rate limits (a load test is one person hammering); `extra` adds or
 * overrides variables (bench/push.ts: a push service on loopback).
 */
export function startNestmate(
  database: { dataDir: string } | { url: string },
  port: number,
  logFile: string,
  logLevel: string,
  extra: EnvVariables = {},
) {
  const env = serverEnv({
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    BASE_URL: `http://127.0.0.1:${port}`,
    RATE_LIMITS: 'false',
    DEMO_DATA: 'false',
    LOG_LEVEL: logLevel,
    AUTH_SECRET: BENCH_AUTH_SECRET,
    ...(process.env.BENCH_JOBS ? { JOBS: process.env.BENCH_JOBS } : {}),
    ...('url' in database ? { DATABASE_URL: database.url } : { DATA_DIR: database.dataDir }),
    ...extra,
  })
  return start('src/server/main.ts', env, port, '/api/health', logFile)
}

export function startReference(
  mode: 'sql' | 'ceiling',
  port: number,
  logFile: string,
  extra: { databaseUrl?: string; ceilingFile?: string },
) {
  const env: Record<string, string> = { REF_MODE: mode }
  if (extra.databaseUrl) env.DATABASE_URL = extra.databaseUrl
  if (extra.ceilingFile) env.CEILING_FILE = extra.ceilingFile
  return start('bench/reference-server.ts', { ...process.env, ...env }, port, '/health', logFile)
}
