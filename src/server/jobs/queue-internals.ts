import type { ExecuteSql } from '../db/client.ts'
import { JOB_QUEUE_SCHEMA } from '../db/job-queue-schema.ts'

// The places Nestmate reads or writes pg-boss's own table rather than calling its API, which has no call for
// them. pg-boss is pinned to one release (package.json); job-runner.test.ts (a moved clock) and
// send-mail-once-kill.test.ts (a run killed on the embedded database) fail if its table changes under them.
const jobTable = `${JOB_QUEUE_SCHEMA}.job`

/** The jobs a process is running now, by queue (on the embedded database, at start: a killed process's). */
export async function activeJobs(execute: ExecuteSql) {
  const { rows } = await execute(
    `select name, array_agg(id::text) as ids from ${jobTable} where state = 'active' group by name`,
  )
  return rows as { name: string; ids: string[] }[]
}

/** Brings every waiting job `ms` earlier: what moving the clock `ms` ahead means to the queue. */
export async function shiftWaitingJobs(execute: ExecuteSql, ms: number) {
  await execute(
    `update ${jobTable} set start_after = start_after - $1 * interval '1 millisecond' where state in ('created', 'retry')`,
    [ms],
  )
}

/** The earliest time a retry is due, by queue: after maintenance failed the runs of a process that died. */
export async function retriesDue(execute: ExecuteSql) {
  const { rows } = await execute(
    `select name, min(start_after) as "startAfter" from ${jobTable} where state = 'retry' group by name`,
  )
  return (rows as { name: string; startAfter: Date | string }[]).map((row) => ({
    name: row.name,
    startAfter: new Date(row.startAfter),
  }))
}

/**
 * Makes the queue's waiting job with no key due now, when it waits for a later time: on a queue of one waiting job
 * (`oneAtATime`), the schedule queues its next run ahead of its minute, and a send meanwhile is dropped.
 */
export async function bringWaitingForward(execute: ExecuteSql, name: string) {
  await execute(
    `update ${jobTable} set start_after = now() where name = $1 and state = 'created' and singleton_key is null
      and start_after > now()`,
    [name],
  )
}
