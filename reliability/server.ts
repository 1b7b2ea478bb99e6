import { spawn, type ChildProcess } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { EnvVariables } from '../src/server/env.ts'
import { freePort, isRunning, serverEnv } from '../src/server/test/processes.ts'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

export type ServerProcess = {
  child: ChildProcess
  port: number
  baseUrl: string
  /** Everything the process wrote to stdout and stderr so far. */
  output: () => string
  /** Resolves once the process has written `text` (fails after `timeoutMs`, or when it ends first). */
  line: (text: string, timeoutMs?: number) => Promise<void>
  exited: Promise<number | null>
}

/**
 * Starts `src/server/main.ts` as a real process, as `npm start` would (without the build), and resolves once it
 * listens. `env` adds to a clean set: none of the parent's own configuration (its BASE_URL or DATABASE_URL) leaks in.
 */
export async function startServer(env: EnvVariables, options: { preload?: string } = {}) {
  const port = Number(env.PORT ?? (await freePort()))
  const args = [
    '--import',
    'tsx',
    ...(options.preload ? ['--import', options.preload] : []),
    'src/server/main.ts',
  ]
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: serverEnv({
      LOG_LEVEL: 'warn',
      DEMO_DATA: 'false',
      PASSWORD_HASH: 'fast',
      BASE_URL: `http://127.0.0.1:${port}`,
      ...env,
      PORT: String(port),
    }),
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout!.on('data', (chunk) => (output += chunk))
  child.stderr!.on('data', (chunk) => (output += chunk))
  const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)))
  const baseUrl = `http://127.0.0.1:${port}`
  const deadline = Date.now() + 60_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited during start:\n${output}`)
    if (Date.now() > deadline) throw new Error(`server did not start in 60 s:\n${output}`)
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) break
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  const line = async (text: string, timeoutMs = 60_000) => {
    const deadline = Date.now() + timeoutMs
    while (!output.includes(text)) {
      if (child.exitCode !== null || child.signalCode !== null)
        throw new Error(`server ended before writing ${text}:\n${output.slice(-4000)}`)
      if (Date.now() > deadline) throw new Error(`server did not write ${text} in ${timeoutMs} ms`)
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
  }
  return { child, port, baseUrl, output: () => output, line, exited } satisfies ServerProcess
}

/** The processes `pid` started that still run (Linux: /proc), e.g. the server's photo process. */
export function childProcesses(pid: number): number[] {
  try {
    return readdirSync(`/proc/${pid}/task`).flatMap((task) =>
      readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').split(' ').filter(Boolean).map(Number),
    )
  } catch {
    return []
  }
}

/** Whether every one of `pids` has ended within `ms`. */
export async function endWithin(pids: number[], ms: number): Promise<boolean> {
  const deadline = Date.now() + ms
  while (pids.some(isRunning)) {
    if (Date.now() > deadline) return false
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  return true
}

/**
 * Two app processes on one PostgreSQL (`url`, already migrated), mailing through `smtpUrl`, as two replicas of a
 * deployment: what "once across processes" is tested against. `stop()` ends both with SIGTERM and waits for them.
 */
export async function startTwoServers({
  url,
  authSecret,
  smtpUrl,
}: {
  url: string
  authSecret: string
  smtpUrl: string
}) {
  const env = {
    DATABASE_URL: url,
    AUTH_SECRET: authSecret,
    RATE_LIMITS: 'false',
    SMTP_URL: smtpUrl,
    LOG_LEVEL: 'info',
  }
  const servers = await Promise.all([startServer(env), startServer(env)])
  return {
    servers,
    async stop() {
      for (const server of servers) {
        server.child.kill('SIGTERM')
        await server.exited
      }
    },
  }
}
