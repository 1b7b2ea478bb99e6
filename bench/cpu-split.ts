import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { benchConfig } from './config.ts'
import { endpoints } from './endpoints.ts'
import { maxThroughput } from './load.ts'
import { startNestmate, startReference } from './processes.ts'
import { createPostgresDatabase } from '../src/server/test/database.ts'
import { seed } from './seed.ts'
import { signUp } from './sessions.ts'

// npm run bench:cpu: where the CPU of a request goes, Nestmate beside reference 1. For each endpoint and round it
// runs the same load as `npm run bench` (autocannon, 50 connections) against each server in turn and reads the
// CPU time of the server process, of every PostgreSQL process and of the load generator (this process) from
// /proc before and after: microseconds per answered request. Throughput alone can't tell a slower server from a
// costlier query; this can. Linux only; PostgreSQL only (reference 1 is a pg server).

const config = benchConfig(process.argv.slice(2), process.env)
const size = config.sizes.at(-1)!
const rounds = Number(process.env.BENCH_ROUNDS ?? 3)
const wanted = config.endpoints ?? ['browse: first page', 'details (signed in)']
const ticksPerMs = 100 / 1000 // Linux's USER_HZ: clock ticks of 10 ms

/** user + system CPU time of a process in ms, or 0 once it has exited. */
function cpuMs(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
    return (Number(fields[11]) + Number(fields[12])) / ticksPerMs
  } catch {
    return 0
  }
}

/** The PostgreSQL server and its backends: processes named `postgres` (backends rename themselves `postgres: …`). */
function postgresPids(): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        return /^(\S*\/)?postgres(:|\0)/.test(readFileSync(`/proc/${pid}/cmdline`, 'utf8'))
      } catch {
        return false
      }
    })
    .map(Number)
}

/** CPU time of each part, summed over the processes that belong to it. */
function snapshot(serverPid: number) {
  const postgres = new Map(postgresPids().map((pid) => [pid, cpuMs(pid)]))
  return { server: cpuMs(serverPid), postgres, loadGenerator: cpuMs(process.pid) }
}

function spent(before: ReturnType<typeof snapshot>, after: ReturnType<typeof snapshot>) {
  let postgres = 0
  // Backends the pool opened during the run count from zero.
  for (const [pid, ms] of after.postgres) postgres += ms - (before.postgres.get(pid) ?? 0)
  return {
    server: after.server - before.server,
    postgres,
    loadGenerator: after.loadGenerator - before.loadGenerator,
  }
}

async function main() {
  if (!existsSync('/proc/self/stat')) throw new Error('bench:cpu reads /proc: it runs on Linux only')
  if (!config.postgresUrl)
    throw new Error('bench:cpu needs PostgreSQL: run it through scripts/with-postgres.sh')
  const url = await createPostgresDatabase(config.postgresUrl, `nestmate_cpu_${size}_${process.pid}`)
  const seedInfo = await seed({ kind: 'postgres', url }, size)
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'nestmate-bench-cpu-'))
  const logFile = path.join(tmp, 'servers.log')
  const nestmate = await startNestmate({ url }, config.port, logFile, config.logLevel)
  const reference = await startReference('sql', config.port + 1, logFile, { databaseUrl: url })
  try {
    const cookies = await signUp(nestmate.url, config.sessions)
    const list = endpoints(seedInfo).filter((e) => e.read && wanted.some((part) => e.name.includes(part)))
    console.log(
      `PostgreSQL, ${size} listings, ${config.duration} s per figure, ${rounds} rounds; µs of CPU per answered request`,
    )
    console.log('| endpoint | round | server | req/s | server µs | PostgreSQL µs | load generator µs |')
    console.log('| --- | --- | --- | --- | --- | --- | --- |')
    for (const endpoint of list) {
      for (let round = 1; round <= rounds; round++) {
        for (const [label, server] of [
          ['Nestmate', nestmate],
          ['reference 1', reference],
        ] as const) {
          await maxThroughput(server.url, endpoint, cookies, config.warmup)
          const before = snapshot(server.pid)
          const result = await maxThroughput(server.url, endpoint, cookies, config.duration)
          const cpu = spent(before, snapshot(server.pid))
          const answered = Math.max(1, result.rps * config.duration - result.failed)
          const us = (ms: number) => Math.round((1000 * ms) / answered)
          console.log(
            `| ${endpoint.name} | ${round} | ${label} | ${result.rps} | ${us(cpu.server)} | ${us(cpu.postgres)} | ${us(cpu.loadGenerator)} |${result.failed ? ` ${result.failed} failed` : ''}`,
          )
        }
      }
    }
  } finally {
    await nestmate.stop()
    await reference.stop()
    rmSync(tmp, { recursive: true, force: true })
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
