import { randomBytes } from 'node:crypto'
import {
  existsSync,
  linkSync,
  readFileSync,
  readlinkSync,
  rmSync,
  statSync,
  unlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'

export class DataDirLockedError extends Error {}

/** What the lock file says about its owner. See docs/decisions/017-data-dir-lock.md. */
type Owner = { pid: number; token: string; host: string; started: string }

type Timing = {
  /** How often the owner touches its lock file. */
  heartbeatMs: number
  /** How long an owner we can't see must be silent before it counts as dead. */
  watchMs: number
}
// Long enough to outlast the event loop's longest stall (creating a database runs ~5 s of WebAssembly).
const DEFAULT_TIMING: Timing = { heartbeatMs: 2_000, watchMs: 15_000 }

const read = (file: string) => {
  try {
    return readFileSync(file, 'utf8')
  } catch {
    return ''
  }
}

/**
 * The PID namespace on this boot of this kernel: two processes with the same identity see the same PIDs, so
 * one can tell whether the other is alive. Two containers (each its own PID 1) or two machines differ.
 */
function hostIdentity(): string {
  try {
    return `${read('/proc/sys/kernel/random/boot_id').trim()}/${readlinkSync('/proc/self/ns/pid')}`
  } catch {
    return ''
  }
}

/** When the process started (clock ticks since boot), which tells a reused PID from its first owner. */
function startTime(pid: number): string {
  const stat = read(`/proc/${pid}/stat`)
  // Fields after the command name, which may hold spaces and parentheses; start time is the 22nd field.
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? ''
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

function parseOwner(text: string): Owner | null {
  try {
    const owner = JSON.parse(text) as Partial<Owner>
    if (Number.isInteger(owner.pid) && typeof owner.token === 'string')
      return { pid: owner.pid!, token: owner.token, host: owner.host ?? '', started: owner.started ?? '' }
  } catch {
    // Not JSON: an older Nestmate wrote only its pid.
  }
  const pid = Number.parseInt(text, 10)
  return Number.isInteger(pid) ? { pid, token: `pid-${pid}`, host: '', started: '' } : null
}

/** Whether the lock's owner is gone; waits out the heartbeat when the owner is in another namespace. */
async function isStale(file: string, owner: Owner, me: Owner, timing: Timing): Promise<boolean> {
  if (owner.host !== '' && owner.host === me.host) {
    // Same PIDs as ours: the owner is alive exactly when its PID runs and started when the lock says.
    return !isAlive(owner.pid) || (owner.started !== '' && startTime(owner.pid) !== owner.started)
  }
  if (owner.host === '') {
    // An older lock with only a pid: never judge a lock naming our own PID stale on that alone.
    return owner.pid !== me.pid && !isAlive(owner.pid)
  }
  // Another container or machine: its PIDs mean nothing here (its PID 1 is not ours). A live owner touches
  // its lock every heartbeat; watching for a change needs no clock agreement between machines.
  const before = statSync(file, { throwIfNoEntry: false })?.mtimeMs
  for (let waited = 0; waited < timing.watchMs; waited += timing.heartbeatMs) {
    await sleep(timing.heartbeatMs)
    const now = statSync(file, { throwIfNoEntry: false })?.mtimeMs
    if (now !== before || parseOwner(read(file))?.token !== owner.token) return false
  }
  return true
}

/**
 * Holds DATA_DIR for this process: PGlite is one Postgres in one process, and a second process on the same
 * files would corrupt them. The lock file appears whole (linked from a complete temporary file, never written
 * in place) and holds a random token; a lock whose owner is gone is taken over by exactly one contender, the
 * one that claims the grave named after that lock's token. Returns whether the lock it found was stale.
 */
export async function lockDataDir(
  dataDir: string,
  timing: Timing = DEFAULT_TIMING,
): Promise<{ release: () => void; wasStale: boolean }> {
  const file = path.join(dataDir, 'nestmate.lock')
  const me: Owner = {
    pid: process.pid,
    token: randomBytes(16).toString('hex'),
    host: hostIdentity(),
    started: startTime(process.pid),
  }
  const mine = `${file}.${me.token}`
  writeFileSync(mine, JSON.stringify(me), { mode: 0o600 })
  let wasStale = false
  try {
    for (let attempt = 0; attempt < 5; attempt++) {
      try {
        linkSync(mine, file)
        return { wasStale, release: holdLock(file, me.token, timing) }
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      }
      const owner = parseOwner(read(file))
      if (!owner) continue // gone between our link and our read: try again
      if (!(await isStale(file, owner, me, timing))) {
        throw new DataDirLockedError(
          `DATA_DIR ${dataDir} is in use by another Nestmate process (pid ${owner.pid}); stop it or choose another DATA_DIR.`,
        )
      }
      wasStale = true
      takeOver(file, owner.token)
    }
    throw new DataDirLockedError(`Could not lock DATA_DIR ${dataDir}; another process keeps taking it.`)
  } finally {
    rmSync(mine, { force: true })
  }
}

/**
 * Removes a dead owner's lock so the caller can link its own. Of several processes that judged the same lock
 * dead, only the one that links the grave `<lock>.dead-<token>` removes it; the others find the winner's lock
 * on their next try. A grave left by a contender that crashed mid-takeover is cleared after a minute.
 */
function takeOver(file: string, deadToken: string) {
  const grave = `${file}.dead-${deadToken}`
  try {
    linkSync(file, grave)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') return // ENOENT: already removed
    const claimed = statSync(grave, { throwIfNoEntry: false })?.ctimeMs ?? Date.now()
    if (Date.now() - claimed > 60_000) rmSync(grave, { force: true })
    return
  }
  // The grave is ours; unless someone replaced the lock since we read it, it is the dead owner's.
  if (parseOwner(read(grave))?.token === deadToken) rmSync(file, { force: true })
  rmSync(grave, { force: true })
}

/** Touches the lock every heartbeat while it is ours; returns the release function. */
function holdLock(file: string, token: string, timing: Timing): () => void {
  const ours = () => parseOwner(read(file))?.token === token
  const heartbeat = setInterval(() => {
    if (!ours()) return
    const now = new Date()
    try {
      utimesSync(file, now, now)
    } catch {
      // Removed since we looked: the next beat finds it isn't ours.
    }
  }, timing.heartbeatMs).unref()
  let released = false
  return () => {
    if (released) return
    released = true
    clearInterval(heartbeat)
    // Never remove a lock someone else now holds.
    if (ours()) unlinkSync(file)
  }
}

/** Postgres refuses to start over a postmaster.pid; once we hold the lock, no live process owns it. */
export function clearStalePostmasterPid(pgData: string): boolean {
  const pidFile = path.join(pgData, 'postmaster.pid')
  if (!existsSync(pidFile)) return false
  rmSync(pidFile, { force: true })
  return true
}
