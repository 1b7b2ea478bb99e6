import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, test } from 'vitest'
import { DataDirLockedError, lockDataDir } from './data-dir-lock.ts'

// The lock is about files on one machine, not about a database: these tests run the same on either.

const dirs: string[] = []
function tempDir() {
  const dir = mkdtempSync(path.join(tmpdir(), 'nestmate-lock-'))
  dirs.push(dir)
  return dir
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

// Short heartbeats so a test needn't wait the production 15 s to judge a lock from another PID namespace.
const quick = { heartbeatMs: 50, watchMs: 400 }
const lockFile = (dir: string) => path.join(dir, 'nestmate.lock')

/** A lock as another container on the same volume writes it: its PID 1 may be our PID, its namespace not ours. */
function foreignLock(dir: string, pid = process.pid) {
  writeFileSync(
    lockFile(dir),
    JSON.stringify({ pid, token: 'other-container', host: 'another-boot/pid:[1]', started: '1' }),
  )
}

describe('lockDataDir', () => {
  test('a second lock in the same process is refused', async () => {
    const dir = tempDir()
    const held = await lockDataDir(dir, quick)
    try {
      await expect(lockDataDir(dir, quick)).rejects.toThrow(DataDirLockedError)
    } finally {
      held.release()
    }
    // Released: free for the next owner.
    ;(await lockDataDir(dir, quick)).release()
  })

  test('a live owner in another container with the same PID keeps its lock', async () => {
    const dir = tempDir()
    foreignLock(dir)
    // That owner is alive: it keeps refreshing its lock.
    const beat = setInterval(() => utimesSync(lockFile(dir), new Date(), new Date()), 25)
    try {
      await expect(lockDataDir(dir, quick)).rejects.toThrow(
        `DATA_DIR ${dir} is in use by another Nestmate process (pid ${process.pid}); stop it or choose another DATA_DIR.`,
      )
    } finally {
      clearInterval(beat)
    }
    expect(JSON.parse(readFileSync(lockFile(dir), 'utf8'))).toMatchObject({ token: 'other-container' })
  })

  test('a dead owner in another container, even with our PID, is taken over once its heartbeat stops', async () => {
    const dir = tempDir()
    foreignLock(dir)
    const lock = await lockDataDir(dir, quick)
    expect(lock.wasStale).toBe(true)
    expect(JSON.parse(readFileSync(lockFile(dir), 'utf8'))).toMatchObject({ pid: process.pid })
    lock.release()
  })

  test('a lock left by an earlier process with our PID on this machine is taken over at once', async () => {
    const dir = tempDir()
    const lock = await lockDataDir(dir, quick)
    const ours = JSON.parse(readFileSync(lockFile(dir), 'utf8')) as Record<string, string>
    lock.release()
    // Same machine, same PID, another start time: a restarted container's PID 1.
    writeFileSync(lockFile(dir), JSON.stringify({ ...ours, token: 'before-restart', started: '1' }))
    const started = Date.now()
    const again = await lockDataDir(dir, { heartbeatMs: 50, watchMs: 10_000 })
    expect(Date.now() - started).toBeLessThan(5_000)
    expect(again.wasStale).toBe(true)
    again.release()
  })

  test('of several processes that find a dead owner’s lock at once, exactly one takes it over', async () => {
    const dir = tempDir()
    for (let round = 0; round < 3; round++) {
      writeFileSync(
        lockFile(dir),
        JSON.stringify({ pid: 999_999, token: `dead-${round}`, host: '', started: '' }),
      )
      // Each holds what it got until all six have answered: none can take a lock another has released since.
      const contenders = Array.from({ length: 6 }, () => contend(dir))
      const outcomes = await Promise.all(contenders.map((contender) => contender.outcome))
      await Promise.all(contenders.map((contender) => contender.release()))
      expect(outcomes.filter((outcome) => outcome === 'held').length, outcomes.join(' ')).toBe(1)
      expect(outcomes.filter((outcome) => outcome === 'locked').length).toBe(5)
    }
  }, 60_000)
})

/**
 * Another Node process that tries to lock dir and says whether it got it (`outcome`); it holds the lock until
 * `release()` closes its input.
 */
function contend(dir: string) {
  const script = `
    import { lockDataDir, DataDirLockedError } from './src/server/db/data-dir-lock.ts'
    try {
      const lock = await lockDataDir(${JSON.stringify(dir)}, { heartbeatMs: 50, watchMs: 400 })
      console.log('held')
      process.stdin.resume()
      await new Promise((resolve) => process.stdin.on('end', resolve))
      lock.release()
    } catch (error) {
      console.log(error instanceof DataDirLockedError ? 'locked' : 'error ' + error.message)
    }`
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    stdio: ['pipe', 'pipe', 'inherit'],
  })
  let output = ''
  const closed = new Promise<void>((resolve) => child.on('close', () => resolve()))
  const outcome = new Promise<string>((resolve) => {
    child.stdout.on('data', (chunk) => {
      output += chunk
      if (output.includes('\n')) resolve(output.trim())
    })
    void closed.then(() => resolve(output.trim()))
  })
  return {
    outcome,
    release: () => {
      child.stdin.end()
      return closed
    },
  }
}
