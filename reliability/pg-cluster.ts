import { execFileSync } from 'node:child_process'
import { chownSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { freePort } from '../src/server/test/processes.ts'

// A PostgreSQL cluster of its own that a test may stop and start, modeled on scripts/with-postgres.sh.
// PostgreSQL refuses to run as root, so as root it runs as a system user created for it. Unlike the test
// suite's cluster, this one keeps fsync on: the crash test is about durability.

const PG_USER = 'nestmate-pg'
const isRoot = process.getuid?.() === 0

function pgBin(): string {
  const versions = readdirSync('/usr/lib/postgresql').sort((a, b) => Number(a) - Number(b))
  const latest = versions.at(-1)
  if (!latest) throw new Error('PostgreSQL is not installed: apt-get install -y postgresql')
  return `/usr/lib/postgresql/${latest}/bin`
}

function asPostgres(command: string, args: string[]) {
  const [file, argv] = isRoot ? ['runuser', ['-u', PG_USER, '--', command, ...args]] : [command, args]
  return execFileSync(file, argv, { stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' })
}

export type PgCluster = Awaited<ReturnType<typeof startCluster>>

export async function startCluster() {
  if (isRoot) {
    try {
      execFileSync('id', [PG_USER], { stdio: 'ignore' })
    } catch {
      execFileSync('useradd', ['--system', '--no-create-home', '--shell', '/usr/sbin/nologin', PG_USER])
    }
  }
  const bin = pgBin()
  const dir = mkdtempSync(path.join(tmpdir(), 'nestmate-pg-rel-'))
  if (isRoot) chownSync(dir, Number(execFileSync('id', ['-u', PG_USER]).toString().trim()), 0)
  const data = path.join(dir, 'data')
  const port = await freePort()
  asPostgres(`${bin}/initdb`, ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8'])
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=100`
  const start = () =>
    void asPostgres(`${bin}/pg_ctl`, ['-D', data, '-l', path.join(dir, 'log'), '-w', '-o', options, 'start'])
  const stop = (mode: 'fast' | 'immediate' = 'fast') => {
    try {
      asPostgres(`${bin}/pg_ctl`, ['-D', data, '-m', mode, '-w', 'stop'])
    } catch {
      // Already stopped.
    }
  }
  start()
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start,
    stop,
    destroy: () => {
      stop('immediate')
      rmSync(dir, { recursive: true, force: true })
    },
  }
}
