import { chmodSync, lstatSync, mkdirSync, readdirSync } from 'node:fs'
import path from 'node:path'

// Owner only: the database, the auth secret and the lock are no other local account's business.
const GROUP_AND_OTHERS = 0o077

/** The mode `mode` becomes once group and others' access is taken off it, or undefined when it has none. */
export function privateMode(mode: number): number | undefined {
  return (mode & GROUP_AND_OTHERS) === 0 ? undefined : mode & 0o700
}

/**
 * Makes DATA_DIR the owner's alone: created 0700 when missing, and group and others' access taken off it and
 * everything in it. PGlite sets its files' modes itself, whatever the umask (0666 for a new database, 0644 for
 * the caches Postgres rewrites at every start), so this runs before and after Postgres starts, and on close;
 * between those, the 0700 directory keeps other accounts away from whatever Postgres writes.
 */
export function makePrivateDir(dir: string, { deep = true } = {}) {
  mkdirSync(dir, { recursive: true, mode: 0o700 })
  restrict(dir, deep)
}

function restrict(file: string, deep = true) {
  const stat = lstatSync(file)
  // A symlink's own mode means nothing, and following it could chmod something outside DATA_DIR.
  if (stat.isSymbolicLink()) return
  const mode = privateMode(stat.mode)
  if (mode !== undefined) chmodSync(file, mode)
  if (deep && stat.isDirectory()) for (const name of readdirSync(file)) restrict(path.join(file, name), deep)
}
