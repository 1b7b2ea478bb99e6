import type { FastifyBaseLogger } from 'fastify'
import type PgBoss from 'pg-boss'
import type { DatabaseHandle } from '../db/client.ts'
import type { JobDefinition } from './define-job.ts'

// PostgreSQL: a send's NOTIFY, its payload the queue's name, for the workers of the other processes.
const SENT_CHANNEL = 'job_sent'

/**
 * What makes a queue's worker ask for work before its next idle poll (decision 083): a send (here, and by NOTIFY
 * in every other process), a run that found a job, a job due later (`runAt`, a retry: a timer at its time), and a
 * `wokenBy` job's channel, whose notifications send that job. `stop` ends the timers and the listening.
 */
export function createWakeups(options: {
  boss: PgBoss
  database: DatabaseHandle
  log: FastifyBaseLogger
  /** Queues a job with no data (the runner's `send`). */
  send: (name: string) => Promise<unknown>
}) {
  const { boss, database, log } = options
  const workers = new Map<string, string>()
  const timers = new Set<NodeJS.Timeout>()
  const listening: (() => Promise<void>)[] = []
  let started = false

  /** This process's worker of the queue asks for work now. */
  function wake(name: string) {
    const worker = workers.get(name)
    if (started && worker) boss.notifyWorker(worker)
  }

  /** Wakes the queue's worker at `at`, a time of the queue's (the database's) clock. */
  function wakeAt(name: string, at: Date) {
    if (!started) return
    const timer = setTimeout(
      () => {
        timers.delete(timer)
        wake(name)
      },
      Math.max(0, at.getTime() - Date.now()),
    ).unref()
    timers.add(timer)
  }

  /** Sends a `wokenBy` job, one send at a time: notifications during a send make one more after it. */
  function sender(name: string) {
    let sending: Promise<unknown> | undefined
    let again = false
    const once = (): void => {
      if (sending) {
        again = true
        return
      }
      again = false
      sending = options
        .send(name)
        .catch((error: unknown) => log.warn({ err: error }, `job ${name}: could not queue it`))
        .finally(() => {
          sending = undefined
          if (again && started) once()
        })
    }
    return once
  }

  return {
    /** The worker of a queue, once `work` made it. */
    worker: (name: string, id: string) => void workers.set(name, id),

    wake,

    wakeAt,

    /** After a send: its worker wakes at once, or at the time it is due; other processes' by NOTIFY. */
    async sent(name: string, dueAt: Date | undefined) {
      if (dueAt) return wakeAt(name, dueAt)
      wake(name)
      if (database.kind === 'postgres')
        await database.execute('select pg_notify($1, $2)', [SENT_CHANNEL, name])
    },

    /** After a failed run: its worker wakes when the retry is due. */
    async failed(name: string, id: string) {
      const job = await boss.getJobById(name, id)
      if (job?.state === 'retry') wakeAt(name, job.startAfter)
    },

    /** From now on this process works the queues: wake-ups take effect. */
    start() {
      started = true
    },

    /** Listens for other processes' sends (PostgreSQL) and on the `wokenBy` channels, sending those jobs now. */
    async listen(definitions: Iterable<JobDefinition>) {
      if (database.kind === 'postgres')
        listening.push(
          await database.listen(SENT_CHANNEL, {
            onNotify: wake,
            // Sends missed meanwhile: every queue looks now.
            onReconnect: () => [...workers.keys()].forEach(wake),
          }),
        )
      for (const job of definitions) {
        if (!job.wokenBy) continue
        const sendIt = sender(job.name)
        listening.push(await database.listen(job.wokenBy, { onNotify: sendIt, onReconnect: sendIt }))
        // Work queued while no process listened.
        sendIt()
      }
    },

    async stop() {
      started = false
      for (const timer of timers) clearTimeout(timer)
      timers.clear()
      for (const stop of listening.splice(0)) await stop()
    },
  }
}
