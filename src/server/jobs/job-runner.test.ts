import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { DatabaseHandle } from '../db/client.ts'
import { openTestDatabase, selectRows, testDatabaseKind } from '../test/database.ts'
import { createJobRunner } from './job-runner.ts'
import { recordingLogger, signal, testJob, testRunner } from './test-runner.ts'

const DAY = 24 * 60 * 60 * 1000

/** A job as the queue holds it, read directly (a stopped runner reads nothing). */
const stored = async (id: string) =>
  (
    await selectRows<{ state: string; output: unknown }>(
      database,
      `select state, output from pgboss.job where id = '${id}'`,
    )
  )[0]!

let database: DatabaseHandle
beforeAll(async () => {
  database = await openTestDatabase()
})
afterAll(() => database.close())

describe(`the job runner on ${testDatabaseKind}`, () => {
  test('an idle queue is not polled every 2 s: a job due later starts at its time, woken, not found', async () => {
    // The statements asking the queue for work (pg-boss's fetch), counted as they go.
    let fetches = 0
    const counting: DatabaseHandle = {
      ...database,
      execute: (text, values) => {
        if (/start_after < now\(\)/.test(text) && values?.[0] === 'later') fetches++
        return database.execute(text, values)
      },
    }
    const ran = signal<number>()
    const runner = await testRunner(counting, [testJob('later', async () => ran.resolve(Date.now()))])
    await runner.start()
    try {
      const due = Date.now() + 4000
      await runner.send('later', {}, { runAt: new Date(due) })
      const before = fetches
      const started = await ran.promise
      expect(started).toBeGreaterThanOrEqual(due - 50)
      expect(started).toBeLessThan(due + 1000)
      // Woken at its time: one ask for it then, none in the four seconds before (polling every 2 s asks twice).
      expect(fetches - before).toBeLessThanOrEqual(1)
    } finally {
      await runner.stop()
    }
  })

  test('a notification runs a woken job now, even when its schedule has queued the next run for later', async () => {
    const runs: number[] = []
    let ran = signal()
    const runner = await testRunner(database, [
      testJob(
        'woken-early',
        async () => {
          runs.push(Date.now())
          ran.resolve()
        },
        { wokenBy: 'woken_early', oneAtATime: true },
      ),
    ])
    await runner.start()
    try {
      // Started: the runner sends the job once, for work queued while nobody listened.
      await ran.promise
      ran = signal()
      // The schedule's next run, queued ahead of its time (as pg-boss queues a cron job's): the queue holds one.
      await runner.send('woken-early', {}, { runAt: new Date(Date.now() + 60 * 60 * 1000) })
      const notified = Date.now()
      await database.execute(`select pg_notify('woken_early', '')`)
      await ran.promise
      expect(runs).toHaveLength(2)
      expect(runs[1]! - notified).toBeLessThan(5000)
    } finally {
      await runner.stop()
    }
  })

  test('a job sent for tomorrow runs once the clock has moved a day, not before', async () => {
    const ran: { n?: number; now: Date }[] = []
    const runner = await testRunner(database, [
      testJob('tomorrow', async (data, { now }) => void ran.push({ ...data, now: now() })),
    ])
    const tomorrow = new Date(runner.now().getTime() + DAY)
    await runner.send('tomorrow', { n: 1 }, { runAt: tomorrow })

    expect(await runner.runDue('tomorrow')).toBe(0)
    await runner.moveClock(DAY - 60_000)
    expect(await runner.runDue('tomorrow')).toBe(0)
    await runner.moveClock(60_000)
    expect(await runner.runDue('tomorrow')).toBe(1)
    expect(ran).toHaveLength(1)
    // The job saw the moved clock: its "now" is tomorrow, not today.
    expect(ran[0]!.now.getTime()).toBeGreaterThanOrEqual(tomorrow.getTime())
    expect(await runner.runDue('tomorrow')).toBe(0)
  })

  test('a failing job is retried after growing waits, then given up on and logged', async () => {
    const attempts: number[] = []
    const runner = await testRunner(database, [
      testJob(
        'always-fails',
        async (_data, { attempt }) => {
          attempts.push(attempt)
          throw new Error('the mail server said no')
        },
        { retry: { limit: 3, delaySeconds: 1 } },
      ),
    ])
    const id = (await runner.send('always-fails', {}))!
    const waits: number[] = []
    for (let run = 1; run <= 4; run++) {
      expect(await runner.runDue('always-fails')).toBe(1)
      const job = (await runner.job('always-fails', id))!
      if (run === 4) {
        expect(job.state).toBe('failed')
        break
      }
      expect(job.state).toBe('retry')
      // Nothing more runs until the wait has passed on the job's clock.
      expect(await runner.runDue('always-fails')).toBe(0)
      const wait = job.startAfter.getTime() - Date.now()
      waits.push(wait)
      await runner.moveClock(wait + 1000)
    }
    expect(attempts).toEqual([1, 2, 3, 4])
    // About 1–2 s, then 2–4 s, then 4–8 s: each wait longer than the one before.
    expect(waits[0]).toBeLessThan(2000)
    expect(waits[1]).toBeGreaterThan(waits[0]!)
    expect(waits[2]).toBeGreaterThan(waits[1]!)
    expect(waits[2]).toBeGreaterThan(3000)
    const warnings = runner.lines.filter((line) => line.level === 40 && line.job === 'always-fails')
    expect(warnings.map((line) => line.attempt)).toEqual([1, 2, 3])
    const errors = runner.lines.filter((line) => line.level === 50)
    expect(errors.map((line) => line.msg)).toEqual(['job always-fails failed 4 times; giving up'])
  })

  test('data the definition refuses is refused when sent', async () => {
    const runner = await testRunner(database, [testJob('checked', async () => {})])
    await expect(runner.send('checked', { n: 'one' })).rejects.toThrow()
    await expect(runner.send('no-such-job', {})).rejects.toThrow('No job named no-such-job.')
  })

  test('started, the runner works a sent job in this process without being asked', async () => {
    const done = signal<number | undefined>()
    const runner = await testRunner(database, [testJob('at-once', async ({ n }) => done.resolve(n))])
    await runner.start()
    try {
      await runner.send('at-once', { n: 7 })
      expect(await done.promise).toBe(7)
    } finally {
      await runner.stop()
    }
  })

  test('a send the one-at-a-time queue drops still wakes the worker for the run that waits', async () => {
    const ran = signal<number>()
    const job = testJob('one-waits', async () => ran.resolve(Date.now()), { oneAtATime: true })
    const runner = await testRunner(database, [job])
    // A run queued by no one who wakes this worker, as pg-boss's schedule queues one. (On PostgreSQL a send by a
    // runner that doesn't work the queues still notifies the others, so there the run may have started already.)
    const quiet = await testRunner(database, [job])
    await runner.start()
    try {
      expect(await quiet.send('one-waits', {})).not.toBeNull()
      const sentAt = Date.now()
      await runner.send('one-waits', {})
      // Well before the idle poll (20 s).
      expect((await ran.promise) - sentAt).toBeLessThan(5000)
    } finally {
      await runner.stop()
    }
  })

  test('stop lets a running job finish: its signal aborts and it wraps up', async () => {
    const running = signal()
    const runner = await testRunner(database, [
      testJob('wraps-up', async (_data, { signal: aborted }) => {
        running.resolve()
        await new Promise((resolve) => aborted.addEventListener('abort', resolve))
      }),
    ])
    await runner.start()
    const id = (await runner.send('wraps-up', {}))!
    await running.promise
    await runner.stop()
    expect((await stored(id)).state).toBe('completed')
  })

  test('stop hands back a job that does not finish within the grace period', async () => {
    const running = signal()
    const release = signal()
    const runner = await testRunner(
      database,
      [
        testJob('ignores-signal', async () => {
          running.resolve()
          await release.promise
        }),
      ],
      200,
    )
    await runner.start()
    const id = (await runner.send('ignores-signal', {}))!
    await running.promise
    await runner.stop()
    const job = await stored(id)
    expect(job.state).toBe('retry')
    expect(job.output).toEqual({ value: 'pg-boss shut down while active' })
    release.resolve()
  })

  test('a run whose process died is retried once expired, without waiting for an idle poll', async () => {
    const ran = signal<number>()
    const runner = createJobRunner({
      database,
      log: recordingLogger().log,
      jobs: [testJob('orphaned', async () => ran.resolve(Date.now()), { expireSeconds: 1 })],
      maintenanceSeconds: 1,
    })
    await runner.init()
    await runner.start()
    try {
      // What a process killed mid-run leaves behind: an active run, started long enough ago to have expired.
      await database.execute(`insert into pgboss.job (name, data, state, started_on, expire_in, retry_limit,
        retry_delay, retry_backoff) values ('orphaned', '{}', 'active', now() - interval '1 minute',
        interval '1 second', 2, 1, true)`)
      const since = Date.now()
      const retried = await ran.promise
      // Maintenance (every second here) fails it and its retry is due 1–2 s later; the idle poll is 20 s away.
      expect(retried - since).toBeLessThan(10_000)
    } finally {
      await runner.stop()
    }
  })
})
