import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { get } from 'node:http'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, expect, test } from 'vitest'
import { testDatabaseKind } from './test/database.ts'
import { openToOthers } from './test/file-modes.ts'
import { freePort, serverEnv } from './test/processes.ts'

const dataDir = mkdtempSync(path.join(tmpdir(), 'nestmate-main-'))
afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

test.skipIf(testDatabaseKind === 'postgres')(
  'SIGTERM lets in-flight requests finish, answers new ones 503 while draining, exits cleanly, releases DATA_DIR',
  async () => {
    const port = await freePort()
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      env: serverEnv({ PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'info' }),
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    child.stdout.on('data', (chunk) => (output += chunk))
    child.stderr.on('data', (chunk) => (output += chunk))
    const exited = new Promise<number | null>((resolve) => child.on('close', resolve))
    await expect.poll(() => output, { timeout: 45_000, interval: 200 }).toMatch(/Nestmate is ready/)
    // A fresh start (database, secret, mail, demo photos) leaves nothing in DATA_DIR open to other accounts.
    expect(openToOthers(dataDir)).toEqual([])

    // One connection per request: a reused keep-alive connection that the server closes as idle is a race
    // every HTTP client must retry, not a request cut off midway.
    const request = (url = '/api/roommate-listings?limit=100') =>
      new Promise<{ status: number | string; body: string; connection?: string }>((resolve) => {
        get({ host: '127.0.0.1', port, path: url, agent: false }, (response) => {
          let body = ''
          response.on('data', (chunk) => (body += chunk))
          response.on('end', () =>
            resolve({ status: response.statusCode ?? 0, body, connection: response.headers.connection }),
          )
        }).on('error', (error: NodeJS.ErrnoException) =>
          resolve({ status: error.code ?? error.message, body: '' }),
        )
      })
    const inFlight = Array.from({ length: 20 }, () => request())
    // The signal comes once the server is answering them (its first answer logged), not after a fixed time: on a
    // busy machine 5 ms could pass before it had read any of them, and then every one met the drain.
    await expect.poll(() => output, { timeout: 10_000, interval: 2 }).toMatch(/"msg":"request completed"/)
    child.kill('SIGTERM')
    // While it drains, the server still accepts connections and turns new requests away cleanly.
    await expect.poll(() => output, { timeout: 5_000, interval: 20 }).toMatch(/SIGTERM/)
    const duringDrain = await Promise.all([
      ...Array.from({ length: 10 }, () => request()),
      request('/api/health'),
    ])
    const outcomes = await Promise.all(inFlight)
    expect(await exited).toBe(0)
    const afterExit = await request()

    // Every answer the server gave is in its log (one line per request, written by the time it exits).
    const logs = output
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { msg?: string; res?: { statusCode?: number } })
    const completed = logs.filter((log) => log.msg === 'request completed')
    const answered = [...outcomes, ...duringDrain].filter((outcome) => typeof outcome.status === 'number')
    for (const status of [200, 503])
      expect(completed.filter((log) => log.res?.statusCode === status).length, `${status} lines`).toBe(
        answered.filter((outcome) => outcome.status === status).length,
      )
    // Requests sent before the signal got their whole answer (200, or 503 if they arrived as draining began).
    for (const outcome of outcomes) expect([200, 503]).toContain(outcome.status)
    expect(outcomes.map((outcome) => outcome.status)).toContain(200)
    // New requests during the drain: a clean 503 that closes the connection; no resets.
    for (const outcome of duringDrain) {
      expect(outcome.status).toBe(503)
      expect(outcome.connection).toBe('close')
      expect(JSON.parse(outcome.body)).toEqual({ error: 'The server is restarting; try again shortly.' })
    }
    // Once it has exited, the port refuses connections outright.
    expect(afterExit.status).toBe('ECONNREFUSED')
    expect(existsSync(path.join(dataDir, 'nestmate.lock'))).toBe(false)
  },
  90_000,
)
