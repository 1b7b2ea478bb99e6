import { chmodSync, lstatSync, mkdirSync, readdirSync } from 'node:fs'
import path from 'node:path'

// Owner only: the database, the auth secret and the lock are no other local account's business.
const GROUP_AND_OTHERS = 0o077

/**
 * Makes DATA_DIR the owner's alone: created 0700 when missing, and group and others' access taken off it and
 * everything in it. PGlite sets its files' modes itself, whatever the umask (0666 for a new database, 0644 for
 * the caches Postgres rewrites at every start), so this runs before and after Postgres starts, and on close;
 * between those, the 0700 directory keeps other accounts away from whatever Postgres writes.
 */
export function makePrivateDir(dir: string) {
  mkdirSync(dir, { recursive: true, mode: 0o700 })
  restrict(dir)
}

function restrict(file: string) {
  const stat = lstatSync(file)
  // A symlink's own mode means nothing, and following it could chmod something outside DATA_DIR.
  if (stat.isSymbolicLink()) return
  if ((stat.mode & GROUP_AND_OTHERS) !== 0) chmodSync(file, stat.mode & 0o700)
  if (stat.isDirectory()) for (const name of readdirSync(file)) restrict(path.join(file, name))
}
