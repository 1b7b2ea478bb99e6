import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { get } from 'node:http'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, expect, test } from 'vitest'
import { testDatabaseKind } from './test/database.ts'

const dataDir = mkdtempSync(path.join(tmpdir(), 'nestmate-main-'))
afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })
}

test.skipIf(testDatabaseKind === 'postgres')(
  'SIGTERM lets in-flight requests finish, then exits cleanly and releases DATA_DIR',
  async () => {
    const port = await freePort()
    const { BASE_URL: _vite, ...parentEnv } = process.env
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      env: { ...parentEnv, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'info' },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    child.stdout.on('data', (chunk) => (output += chunk))
    child.stderr.on('data', (chunk) => (output += chunk))
    const exited = new Promise<number | null>((resolve) => child.on('close', resolve))
    await expect.poll(() => output, { timeout: 45_000, interval: 200 }).toMatch(/Nestmate is ready/)

    // One connection per request: a reused keep-alive connection that the server closes as idle is a race
    // every HTTP client must retry, not a request cut off midway.
    const request = () =>
      new Promise<number | string>((resolve) => {
        get(
          { host: '127.0.0.1', port, path: '/api/roommate-listings?limit=100', agent: false },
          (response) => {
            response.resume()
            response.on('end', () => resolve(response.statusCode ?? 0))
          },
        ).on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message))
      })
    const inFlight = Array.from({ length: 20 }, request)
    await new Promise((resolve) => setTimeout(resolve, 5))
    child.kill('SIGTERM')
    const outcomes = await Promise.all(inFlight)
    expect(await exited).toBe(0)

    // Every request the server started, it finished: each "incoming request" has its "request completed".
    const logs = output
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { reqId?: string; msg?: string })
    const started = logs.filter((log) => log.msg === 'incoming request').map((log) => log.reqId)
    const finished = logs.filter((log) => log.msg === 'request completed').map((log) => log.reqId)
    expect(started.length).toBeGreaterThan(0)
    expect(finished.sort()).toEqual(started.sort())
    // On the client, a request either got its whole answer or never reached a handler (refused, or reset
    // while still in the listen queue when the socket closed).
    for (const outcome of outcomes) expect([200, 503, 'ECONNREFUSED', 'ECONNRESET']).toContain(outcome)
    expect(outcomes).toContain(200)
    expect(existsSync(path.join(dataDir, 'nestmate.lock'))).toBe(false)
  },
  90_000,
)
