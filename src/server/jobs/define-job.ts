import type { FastifyBaseLogger } from 'fastify'
import type { Database } from '../db/client.ts'

/** What a run of a job gets besides its data. */
export type JobContext = {
  /** The jobs' own connections (PostgreSQL: a small pool apart from the requests'; PGlite: its one). */
  db: Database
  /** The job runner's clock: use it, not Date, for every "is it due yet" (tests move it). */
  now: () => Date
  /**
   * Aborts at 80 % of `expireSeconds` and when the process shuts down. Check it between small steps: return if
   * the steps done so far are a whole run (the next run carries on), throw if the run must be repeated.
   */
  signal: AbortSignal
  log: FastifyBaseLogger
  /** 1 on the first run, 2 on the first retry… */
  attempt: number
  /** The queue's id for this job, the same on every retry. */
  jobId: string
  /** Queues a job, as the runner's `send` does: a run may queue the next one (at a later time, by key). */
  send: (name: string, data: object, options?: { runAt?: Date; key?: string }) => Promise<string | null>
}

export type JobDefinition<Data extends object = object> = {
  /** The queue's name: letters, digits and hyphens. */
  name: string
  /** Checks the data when the job is sent and again when it runs (e.g. a zod schema's `parse`). */
  parse: (data: unknown) => Data
  // A method, so that a list of definitions with different data types is one type.
  run(data: Data, context: JobContext): Promise<void>
  /**
   * How long a run may take. Past it the run is presumed dead (its process killed) and the job is retried,
   * by any process. Keep runs well inside it: a run still alive past it would overlap its retry.
   */
  expireSeconds: number
  /**
   * A failed run is retried `limit` times, after growing waits: about `delaySeconds`, then twice that, then
   * four times (each with up to as much again at random), then given up on and logged as an error.
   */
  retry: { limit: number; delaySeconds: number }
  /** A cron expression in UTC (`*\/10 * * * *`): one job per match across every process. */
  every?: string
  /** Also sent at each start of a runner (once it has started, the queue drops copies: `oneAtATime`). */
  atStart?: boolean
  /**
   * At most one job of this queue waits and one runs at a time, across processes (per `key` of `send`).
   * Periodic jobs want it: a slow run is not joined by the next one.
   */
  oneAtATime?: boolean
  /**
   * A database notification channel whose notifications send this job, in every process working the queues:
   * the write that made work wakes the job within a second instead of its next scheduled run. It is also sent
   * when the runner starts and when a lost listening connection is back (notifications meanwhile are lost), so
   * the job must find its work in the data, never in the notification.
   */
  wokenBy?: string
}

/** Types a job's definition (its data from `parse`). */
export function defineJob<Data extends object>(definition: JobDefinition<Data>): JobDefinition<Data> {
  return definition
}
