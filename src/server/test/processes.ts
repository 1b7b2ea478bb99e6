import { spawn } from 'node:child_process'
import { createServer } from 'node:net'
import { ENV_VARIABLES, type EnvVariables } from '../env.ts'

/** Whether the process `pid` still runs (signal 0 only asks). */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

/** A port nothing listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })
}

/**
 * The environment of a Nestmate server process that a test, the reliability suite or the benchmark starts: this
 * process's, without any of the server's own variables (Vitest sets BASE_URL to '/', a shell may hold a
 * DATABASE_URL), plus `variables`, named as the README's table names them. The server's loader checks them.
 */
export function serverEnv(variables: EnvVariables): NodeJS.ProcessEnv {
  const env = { ...process.env }
  for (const name of ENV_VARIABLES) delete env[name]
  return { ...env, ...variables }
}

/**
 * Starts a script of the tests' own (`src/server/test/…-process.ts`) as a real process with this process's
 * environment without its database, plus `env`; `line(text)` resolves once it has logged a line containing `text`
 * (and fails if it ends first).
 */
export function startScriptProcess(script: string, env: Record<string, string>) {
  const { TEST_DATABASE_URL: _t, DATABASE_URL: _d, ...parent } = process.env
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    env: { ...parent, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  let output = ''
  const watchers: (() => void)[] = []
  child.stdout!.on('data', (chunk) => {
    output += chunk
    watchers.forEach((check) => check())
  })
  const exited = new Promise<void>((resolve) => child.on('close', () => resolve()))
  const line = (text: string) =>
    new Promise<void>((resolve, reject) => {
      const check = () => output.includes(text) && resolve()
      watchers.push(check)
      check()
      void exited.then(() => reject(new Error(`the process ended without logging "${text}":\n${output}`)))
    })
  return { child, exited, line }
}

/**
 * What a paused run awaits: a promise, and a query builder's chain, that never settles. A job process a test kills
 * at a chosen point answers its database calls with this from there on.
 */
export function stalled(): never {
  const chain: unknown = new Proxy(() => {}, { get: (_, key) => (key === 'then' ? () => {} : () => chain) })
  return chain as never
}
