import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
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
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve))
    await expect.poll(() => output, { timeout: 45_000, interval: 200 }).toMatch(/Nestmate is ready/)

    const url = `http://127.0.0.1:${port}/api/roommate-listings?limit=100`
    const inFlight = Array.from({ length: 20 }, () =>
      fetch(url).then(
        (response) => response.status,
        (error: Error & { cause?: { code?: string } }) => error.cause?.code ?? error.message,
      ),
    )
    await new Promise((resolve) => setTimeout(resolve, 5))
    child.kill('SIGTERM')
    const outcomes = await Promise.all(inFlight)

    // Every request either completed or was refused cleanly before it started; none was cut off midway.
    for (const outcome of outcomes) expect([200, 503, 'ECONNREFUSED']).toContain(outcome)
    expect(outcomes).toContain(200)
    expect(await exited).toBe(0)
    expect(existsSync(path.join(dataDir, 'nestmate.lock'))).toBe(false)
  },
  90_000,
)
