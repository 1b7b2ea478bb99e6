import { spawn } from 'node:child_process'
import { chmodSync, cpSync, lstatSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import { openDatabase } from './client.ts'
import { insertDemoData } from './demo-data.ts'
import { selectRows, testDatabaseKind } from '../test/database.ts'
import { serverEnv } from '../test/processes.ts'
import type { EnvVariables } from '../env.ts'

const dirs: string[] = []
function tempDataDir() {
  const dir = mkdtempSync(path.join(tmpdir(), 'nestmate-db-'))
  dirs.push(dir)
  return dir
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

// Creating a data dir takes seconds; all but the first test start from a copy of one made here.
let template: string
beforeAll(async () => {
  template = mkdtempSync(path.join(tmpdir(), 'nestmate-db-template-'))
  await (await openDatabase({ kind: 'pglite', dataDir: template })).close()
}, 60_000)
afterAll(() => rmSync(template, { recursive: true, force: true }))

function copiedDataDir() {
  const dir = tempDataDir()
  cpSync(template, dir, { recursive: true })
  return dir
}

/** Every path under root (root included) whose mode lets group or others in, with that mode. */
function openToOthers(root: string): string[] {
  const found: string[] = []
  const visit = (file: string) => {
    const stat = lstatSync(file)
    if (!stat.isSymbolicLink() && (stat.mode & 0o077) !== 0)
      found.push(`${path.relative(root, file) || '.'} ${(stat.mode & 0o777).toString(8)}`)
    if (stat.isDirectory()) for (const name of readdirSync(file)) visit(path.join(file, name))
  }
  visit(root)
  return found
}

const countListings = async (handle: Awaited<ReturnType<typeof openDatabase>>) =>
  (await selectRows<{ count: number }>(handle, sql`select count(*)::int as count from listing`))[0]!.count

/** Runs a Nestmate server process on dataDir and resolves with its exit code and output. */
function runServer(dataDir: string, env: EnvVariables = {}) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: serverEnv({ DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'info', ...env }),
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout.on('data', (chunk) => (output += chunk))
  child.stderr.on('data', (chunk) => (output += chunk))
  const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)))
  return { child, exited, output: () => output }
}

describe.skipIf(testDatabaseKind === 'postgres')('embedded database (PGlite in DATA_DIR)', () => {
  test('keeps its data across a restart and inserts demo data only once', async () => {
    const dataDir = path.join(tempDataDir(), 'new', 'data')
    const first = await openDatabase({ kind: 'pglite', dataDir })
    expect(await insertDemoData(first.db)).toBeGreaterThan(20)
    const count = await countListings(first)
    await first.close()
    // A new DATA_DIR, and every file Postgres wrote into it, is the owner's alone.
    expect(lstatSync(dataDir).mode & 0o777).toBe(0o700)
    expect(lstatSync(path.dirname(dataDir)).mode & 0o777).toBe(0o700)
    expect(openToOthers(dataDir)).toEqual([])

    const second = await openDatabase({ kind: 'pglite', dataDir })
    expect(await countListings(second)).toBe(count)
    expect(await insertDemoData(second.db)).toBe(0)
    await second.close()
  }, 60_000)

  test('mends a DATA_DIR that other local accounts can read or write, at every start', async () => {
    const dataDir = copiedDataDir()
    chmodSync(dataDir, 0o755)
    chmodSync(path.join(dataDir, 'pgdata'), 0o777)
    chmodSync(path.join(dataDir, 'pgdata', 'PG_VERSION'), 0o666)
    chmodSync(path.join(dataDir, 'pgdata', 'global'), 0o755)
    expect(openToOthers(dataDir).length).toBeGreaterThan(3)
    const handle = await openDatabase({ kind: 'pglite', dataDir })
    expect(lstatSync(dataDir).mode & 0o777).toBe(0o700)
    expect(openToOthers(dataDir)).toEqual([])
    await insertDemoData(handle.db)
    await handle.close()
    expect(openToOthers(dataDir)).toEqual([])
  }, 60_000)

  test('refuses a second process on the same DATA_DIR with one clear line', async () => {
    const dataDir = copiedDataDir()
    const holder = await openDatabase({ kind: 'pglite', dataDir })
    try {
      const second = runServer(dataDir)
      expect(await second.exited).toBe(1)
      expect(second.output().trim()).toBe(
        `DATA_DIR ${dataDir} is in use by another Nestmate process (pid ${process.pid}); stop it or choose another DATA_DIR.`,
      )
      expect(await countListings(holder)).toBe(0)
    } finally {
      await holder.close()
    }
  }, 60_000)

  test('opens again after the owning process was killed, taking over its stale lock', async () => {
    const dataDir = copiedDataDir()
    const server = runServer(dataDir, { DEMO_DATA: 'true' })
    await expect.poll(() => server.output(), { timeout: 45_000, interval: 200 }).toMatch(/Nestmate is ready/)
    server.child.kill('SIGKILL')
    await server.exited
    const reopened = await openDatabase({ kind: 'pglite', dataDir })
    expect(await countListings(reopened)).toBeGreaterThan(20)
    await reopened.close()
  }, 90_000)

  test('a lock file naming a dead process does not block the start', async () => {
    const dataDir = copiedDataDir()
    writeFileSync(path.join(dataDir, 'nestmate.lock'), '999999')
    const handle = await openDatabase({ kind: 'pglite', dataDir })
    expect(await countListings(handle)).toBe(0)
    await handle.close()
  }, 60_000)
})
