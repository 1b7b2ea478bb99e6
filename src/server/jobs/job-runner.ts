import type { FastifyBaseLogger } from 'fastify'
import PgBoss from 'pg-boss'
import type { DatabaseHandle, ExecuteSql } from '../db/client.ts'
import { JOB_QUEUE_SCHEMA } from '../db/job-queue-schema.ts'
import type { JobDefinition } from './define-job.ts'
import { createJobClock } from './job-clock.ts'
import { createWakeups } from './job-wakeups.ts'
import { activeJobs, bringWaitingForward, retriesDue } from './queue-internals.ts'

// How often an idle queue asks for work: the safety net (decision 083). A job is woken, not polled for
// (job-wakeups.ts). What polling still finds, late by up to this: a periodic job's run
// (pg-boss's schedule inserts it, on 30 s and 5 s ticks of its own) and a `runAt` job sent by a process not
// working the queues. Kept under a minute less those ticks, so an every-minute job still runs in its minute.
const POLLING_SECONDS = 20
// How often one process (of all) fails runs past their expiry: after a kill -9 on PostgreSQL, a run in flight is
// retried within its expireSeconds plus this (the process that failed it wakes its worker when the retry is due).
const MAINTENANCE_SECONDS = 10
// On stop, a run gets this long to finish (its signal has aborted) before it is handed back to the queue.
const STOP_GRACE_MS = 5000

export type SendOptions = {
  /** Not before this time of the runner's clock. */
  runAt?: Date
  /** With `oneAtATime`: at most one job per key waits and one runs. */
  key?: string
}

export type JobRunner = ReturnType<typeof createJobRunner>

/**
 * The one job runner (docs/architecture.md §10, decision 032): pg-boss queues in the database, one per job
 * definition. `init` makes the queues (any process may then send); `start` makes this process work them, fire
 * the periodic ones and watch for runs whose process died; `stop` lets running jobs finish or hands them back.
 */
export function createJobRunner(options: {
  /** The jobs' own connections: `DatabaseHandle.separatePool`. */
  database: DatabaseHandle
  log: FastifyBaseLogger
  jobs: JobDefinition[]
  /** Tests: `moveClock` may be called. */
  movableClock?: boolean
  stopGraceMs?: number
  /** Tests: how often expired runs are looked for (default MAINTENANCE_SECONDS). */
  maintenanceSeconds?: number
  /** Tests: how often an idle queue asks for work (default POLLING_SECONDS). */
  pollingSeconds?: number
}) {
  const { database, log } = options
  const definitions = new Map(options.jobs.map((job) => [job.name, job]))
  const clock = createJobClock(database, options.movableClock ?? false)
  const { boss, quiet } = createBoss(database, log, options)
  const running = new Set<AbortController>()
  const wakeups = createWakeups({
    boss,
    database,
    log,
    // A `wokenBy` job: when the queue dropped the send because a run already waits, that run is what the
    // notification wants now. `send` woke the workers for it; one that waits for a later time (the schedule's
    // next, queued ahead of its minute) is made due, and the workers woken again to find it.
    send: async (name) => {
      if ((await send(name, {})) !== null) return
      await bringWaitingForward(database.execute, name)
      await wakeups.sent(name, undefined)
    },
  })
  let started = false
  let starting: Promise<void> | undefined

  function definition(name: string) {
    const found = definitions.get(name)
    if (!found) throw new Error(`No job named ${name}.`)
    return found
  }

  /**
   * Runs a fetched job and records its outcome before returning. (pg-boss's worker records it too, without
   * waiting: a stop right after could close the connections first and leave a finished job active.)
   */
  async function runAndRecord(job: PgBoss.JobWithMetadata<unknown>) {
    try {
      await runJob(definition(job.name), job, { database, log, clock, running, send })
      await boss.complete(job.name, job.id)
    } catch (error) {
      await boss.fail(job.name, job.id, { message: error instanceof Error ? error.message : String(error) })
      await wakeups.failed(job.name, job.id)
    }
  }

  /** Queues a job (checked by its definition's `parse`); answers its id, or null when the queue dropped it. */
  async function send(name: string, data: object, { runAt, key }: SendOptions = {}) {
    const payload = definition(name).parse(data)
    const id = await boss.send(name, payload, {
      ...(runAt ? { startAfter: clock.toQueueTime(runAt) } : {}),
      ...(key ? { singletonKey: key } : {}),
    })
    // A `oneAtATime` queue drops a send while a run already waits, which may be one nobody woke for (the schedule's,
    // another process's on the embedded database): wake for it, or it waits for the idle poll.
    if (id !== null || !runAt) await wakeups.sent(name, runAt && clock.toQueueTime(runAt))
    return id
  }

  async function startWorking() {
    const retried = await handBackKilledRuns(database, boss, log)
    await boss.start()
    started = true
    wakeups.start()
    const names = new Set<string>()
    for (const job of definitions.values()) {
      const worker = await boss.work(job.name, { batchSize: 1, includeMetadata: true }, async ([found]) => {
        await runAndRecord(found!)
        // There may be more: look again now rather than after an idle poll.
        wakeups.wake(job.name)
      })
      wakeups.worker(job.name, worker)
      if (job.every) {
        await boss.schedule(job.name, job.every, {}, { tz: 'UTC' })
        names.add(job.name)
      }
      if (job.atStart) await send(job.name, {})
    }
    // A job removed from the code leaves its schedule behind: nobody would work what it sends.
    for (const { name } of await boss.getSchedules()) if (!names.has(name)) await boss.unschedule(name)
    // Retries handed back above (the embedded database) are due in a second or two.
    for (const { name, ids } of retried) for (const id of ids) await wakeups.failed(name, id)
    await wakeups.listen(definitions.values())
    // Maintenance (one process at a time) fails runs past their expiry, a killed process's: their retries are
    // due soon, and this process's workers look for them then rather than at their next idle poll.
    boss.on('maintenance', () => {
      if (!started) return
      const soon = Date.now() + POLLING_SECONDS * 1000
      retriesDue(database.execute)
        .then((due) => {
          for (const { name, startAfter } of due)
            // Later ones: a later maintenance (or the idle poll) sees them.
            if (definitions.has(name) && startAfter.getTime() <= soon) wakeups.wakeAt(name, startAfter)
        })
        .catch((error: unknown) => log.warn({ err: error }, 'job queue: could not read the retries due'))
    })
  }

  return {
    /** The time jobs see: the system's, unless a test moved it. */
    now: clock.now,

    /** Creates the queues or brings their settings up to the definitions'. Every process runs it. */
    init: () => makeQueues(boss, definitions.values()),

    /** Works the queues in this process: polling, the periodic jobs, expiry of runs whose process died. */
    start() {
      starting ??= startWorking()
      return starting
    },

    /** Stops taking work; running jobs see their signal abort and get a grace period, then are handed back. */
    async stop() {
      // A stop during the start waits for it: half-started workers would outlive the database.
      await starting?.catch(() => {})
      if (!started) return
      started = false
      await wakeups.stop()
      for (const controller of running) controller.abort()
      await boss.stop({ graceful: true, timeout: options.stopGraceMs ?? STOP_GRACE_MS, close: false })
      quiet()
    },

    send,

    /**
     * Tests: runs every job of `names` (all by default) that is due now, here, one after another, and answers
     * how many runs there were; a failure is recorded as the workers record it (a retry, or given up).
     */
    async runDue(...names: string[]) {
      let runs = 0
      for (const name of names.length > 0 ? names : [...definitions.keys()]) {
        for (;;) {
          const [job] = await boss.fetch(name, { batchSize: 1, includeMetadata: true })
          if (!job) break
          runs++
          await runAndRecord(job)
        }
      }
      return runs
    },

    /** Tests: the runner's clock and every waiting job's time move `ms` ahead. */
    moveClock: clock.move,

    /** A job as the queue holds it (tests, diagnostics). */
    job: (name: string, id: string) => boss.getJobById(name, id),
  }
}

type RunnerOptions = Parameters<typeof createJobRunner>[0]

/**
 * pg-boss on the jobs' connections. After `quiet()` (the runner's stop), a statement that fails does nothing:
 * pg-boss's worker records a late run's outcome without awaiting it, and that statement must not fail (an unhandled
 * rejection) once the app has closed the database. A runner used again after stop (send, runDue) works as before
 * while the database is open.
 */
function createBoss(database: DatabaseHandle, log: FastifyBaseLogger, options: RunnerOptions) {
  let isQuiet = false
  const executeSql: ExecuteSql = (text, values) =>
    database.execute(text, values).catch((error: unknown) => {
      if (isQuiet) return { rows: [{ count: 0 }] }
      throw error
    })
  const boss = new PgBoss({
    db: { executeSql },
    schema: JOB_QUEUE_SCHEMA,
    migrate: false,
    pollingIntervalSeconds: options.pollingSeconds ?? POLLING_SECONDS,
    maintenanceIntervalSeconds: options.maintenanceSeconds ?? MAINTENANCE_SECONDS,
  })
  boss.on('error', (error) => log.warn({ err: error }, 'job queue: %s', error.message))
  return { boss, quiet: () => void (isQuiet = true) }
}

/** Creates the queues or brings their settings up to the definitions'. Every process runs it. */
async function makeQueues(boss: PgBoss, definitions: Iterable<JobDefinition>) {
  for (const job of definitions) {
    const settings = {
      name: job.name,
      policy: job.oneAtATime ? 'stately' : 'standard',
      retryLimit: job.retry.limit,
      retryDelay: job.retry.delaySeconds,
      retryBackoff: true,
      expireInSeconds: job.expireSeconds,
    } as const
    for (let attempt = 1; ; attempt++) {
      try {
        if (!(await boss.getQueue(job.name))) await boss.createQueue(job.name, settings)
        await boss.updateQueue(job.name, settings)
        break
      } catch (error) {
        // Processes starting together can deadlock making the same new queue (its table); PostgreSQL cancels
        // one of them, which tries again.
        if ((error as { code?: string }).code !== '40P01' || attempt === 5) throw error
      }
    }
  }
}

/**
 * The embedded database has one process: a run it finds active was its predecessor's, killed mid-run. Handed back
 * now, it is retried at once rather than after its expiry. Answers the runs handed back.
 */
async function handBackKilledRuns(database: DatabaseHandle, boss: PgBoss, log: FastifyBaseLogger) {
  const retried = database.kind === 'pglite' ? await activeJobs(database.execute) : []
  for (const { name, ids } of retried) {
    log.warn(`${ids.length} ${name} job(s) were running when the last process ended; retrying them`)
    for (const id of ids) await boss.fail(name, id, { message: 'the process running it ended' })
  }
  return retried
}

type RunContext = {
  database: DatabaseHandle
  log: FastifyBaseLogger
  clock: ReturnType<typeof createJobClock>
  /** The runs in flight, whose signals a stop aborts. */
  running: Set<AbortController>
  send: (name: string, data: object, options?: SendOptions) => Promise<string | null>
}

/** One run: the handler with its context; logs the outcome; throws so that the queue retries. */
async function runJob(
  { name, run, parse, expireSeconds }: JobDefinition,
  job: PgBoss.JobWithMetadata<unknown>,
  { database, log, clock, running, send }: RunContext,
) {
  const attempt = job.retryCount + 1
  const controller = new AbortController()
  running.add(controller)
  const timer = setTimeout(() => controller.abort(), expireSeconds * 800).unref()
  const context = { job: name, jobId: job.id, attempt }
  const began = performance.now()
  log.info(context, `job ${name} started`)
  try {
    await run(parse(job.data), {
      db: database.db,
      now: clock.now,
      signal: controller.signal,
      log: log.child({ job: name, jobId: job.id }),
      attempt,
      jobId: job.id,
      send,
    })
    log.info({ ...context, ms: Math.round(performance.now() - began) }, `job ${name} done`)
  } catch (error) {
    if (attempt > job.retryLimit)
      log.error({ ...context, err: error }, `job ${name} failed ${attempt} times; giving up`)
    else log.warn({ ...context, err: error }, `job ${name} failed (attempt ${attempt}); it will be retried`)
    throw error
  } finally {
    clearTimeout(timer)
    running.delete(controller)
  }
}
