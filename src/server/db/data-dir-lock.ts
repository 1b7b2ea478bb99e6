import { closeSync, existsSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs'
import path from 'node:path'

export class DataDirLockedError extends Error {}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/**
 * Holds DATA_DIR for this process: PGlite is one Postgres in one process, and a second process on the same
 * files would corrupt them. A lock left by a dead process is taken over. Returns whether it was stale.
 */
export function lockDataDir(dataDir: string): { release: () => void; wasStale: boolean } {
  const file = path.join(dataDir, 'nestmate.lock')
  let wasStale = false
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx', 0o600)
      writeSync(fd, String(process.pid))
      closeSync(fd)
      let released = false
      return {
        wasStale,
        release: () => {
          if (released) return
          released = true
          rmSync(file, { force: true })
        },
      }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      const owner = Number.parseInt(readFileSync(file, 'utf8'), 10)
      if (Number.isInteger(owner) && owner !== process.pid && isAlive(owner)) {
        throw new DataDirLockedError(
          `DATA_DIR ${dataDir} is in use by another Nestmate process (pid ${owner}); stop it or choose another DATA_DIR.`,
        )
      }
      rmSync(file, { force: true })
      wasStale = true
    }
  }
  throw new DataDirLockedError(`Could not lock DATA_DIR ${dataDir}.`)
}

/** Postgres refuses to start over a postmaster.pid; once we hold the lock, no live process owns it. */
export function clearStalePostmasterPid(pgData: string): boolean {
  const pidFile = path.join(pgData, 'postmaster.pid')
  if (!existsSync(pidFile)) return false
  rmSync(pidFile, { force: true })
  return true
}
