import { sql } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { countInWindow, RATE_LIMIT_KEEP_MS } from '../plugins/rate-limit-store.ts'
import { sessionUser } from '../test/accounts.ts'
import { BASE_URL, signUp, useTestApp } from '../test/app.ts'
import { selectRows, testDatabaseKind } from '../test/database.ts'
import { deleteExpiredBatch, SWEEPS } from './cleanup-repository.ts'

const DAY = 24 * 60 * 60 * 1000

// Rate limits on: sign-ups leave Better Auth's counters in rate_limit, as in production.
const t = useTestApp({ RATE_LIMITS: 'true' })

/** Expired rows under ids starting with `prefix`: sessions of `userId`, tokens and day-old counters. */
async function seedExpired(prefix: string, userId: string, count: number, sessions = count) {
  const { db } = t.database
  await db.execute(sql`insert into session (id, expires_at, token, user_id)
    select ${prefix} || i, now() - interval '1 minute', ${prefix} || 'token-' || i, ${userId}
    from generate_series(1, ${sessions}) as i`)
  await db.execute(sql`insert into verification (id, identifier, value, expires_at)
    select ${prefix} || i, 'reset-password:' || ${prefix} || i, ${userId}, now() - interval '1 minute'
    from generate_series(1, ${count}) as i`)
  await db.execute(sql`insert into rate_limit (id, key, count, last_request)
    select ${prefix} || i, 'api:' || ${prefix} || i, 1, (extract(epoch from now()) * 1000)::bigint - ${DAY + 60_000}
    from generate_series(1, ${count}) as i`)
}

async function left(prefix: string) {
  const count = async (table: string) =>
    (
      await selectRows<{ n: number }>(
        t.database,
        `select count(*)::int as n from "${table}" where id like '${prefix}%'`,
      )
    )[0]!.n
  return {
    sessions: await count('session'),
    tokens: await count('verification'),
    counters: await count('rate_limit'),
  }
}

async function cleanUp() {
  await t.app.jobs.send('cleanup', {})
  expect(await t.app.jobs.runDue('cleanup')).toBe(1)
}

describe(`the cleanup job on ${testDatabaseKind}`, () => {
  test('each statement deletes at most one batch', async () => {
    const person = await signUp(t.app)
    await seedExpired('batch-', person.id, 1200)
    const [sessions] = SWEEPS
    const batches = []
    for (let deleted = -1; deleted !== 0;) {
      deleted = await deleteExpiredBatch(t.database.db, sessions!, new Date(), 500)
      batches.push(deleted)
    }
    expect(batches).toEqual([500, 500, 200, 0])
    expect((await left('batch-')).sessions).toBe(0)
  })

  // On PGlite a request and the job share one connection and one thread, and take turns statement by statement;
  // on PostgreSQL the job has connections of its own, so when a request ends depends only on the machine's load.
  test('requests are answered while a long cleanup runs, between its batches', async () => {
    const person = await signUp(t.app)
    await seedExpired('long-', person.id, 10, 10_000)
    const cleaning = cleanUp()
    // Once it has begun deleting, a request goes through before it has finished.
    while ((await left('long-')).sessions === 10_000) await new Promise((resolve) => setImmediate(resolve))
    const browse = await t.app.inject({ method: 'GET', url: '/api/roommate-listings' })
    expect(browse.statusCode).toBe(200)
    if (t.database.kind === 'pglite') expect((await left('long-')).sessions).toBeGreaterThan(0)
    await cleaning
    expect(await left('long-')).toEqual({ sessions: 0, tokens: 0, counters: 0 })
  })

  test('started, the runner cleans up at once, and every ten minutes after', async () => {
    const person = await signUp(t.app)
    await seedExpired('start-', person.id, 3)
    await t.app.jobs.start()
    try {
      await expect
        .poll(() => left('start-'), { timeout: 60_000, interval: 50 })
        .toEqual({ sessions: 0, tokens: 0, counters: 0 })
      const schedules = await selectRows<{ cron: string; timezone: string }>(
        t.database,
        `select cron, timezone from pgboss.schedule where name = 'cleanup'`,
      )
      expect(schedules).toEqual([{ cron: '*/10 * * * *', timezone: 'UTC' }])
    } finally {
      await t.app.jobs.stop()
    }
  }, 90_000)

  test('no rate-limit window outlives the counters it needs', async () => {
    await expect(countInWindow(t.database.db, 'too-long', RATE_LIMIT_KEEP_MS + 1)).rejects.toThrow()
    const rules = Object.values(t.app.auth.options.rateLimit?.customRules ?? {})
    for (const rule of rules)
      if (rule && typeof rule === 'object') expect(rule.window * 1000).toBeLessThanOrEqual(RATE_LIMIT_KEEP_MS)
    expect(rules.length).toBeGreaterThan(0)
  })

  // Last: it moves the clock of the file's app.
  test('expired rows go and live ones stay; a month later the live ones have expired too', async () => {
    const person = await signUp(t.app)
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      headers: { origin: BASE_URL },
      payload: { email: person.email },
    })
    expect(reset.statusCode).toBe(200)
    await seedExpired('old-', person.id, 3)
    const liveToken = `select count(*)::int as n from verification where value = '${person.id}' and id not like 'old-%'`
    const liveCounters = `select count(*)::int as n from rate_limit where id not like 'old-%'`

    await cleanUp()
    expect(await left('old-')).toEqual({ sessions: 0, tokens: 0, counters: 0 })
    expect(await sessionUser(t.app, person.cookie)).toMatchObject({ email: person.email })
    expect(await selectRows(t.database, liveToken)).toEqual([{ n: 1 }])
    expect((await selectRows<{ n: number }>(t.database, liveCounters))[0]!.n).toBeGreaterThan(0)

    // Sessions last 30 days from sign-in, reset links an hour, counters a day: 31 days on, all are gone.
    await t.app.jobs.moveClock(31 * DAY)
    await cleanUp()
    expect(await selectRows(t.database, liveCounters)).toEqual([{ n: 0 }])
    expect(await selectRows(t.database, liveToken)).toEqual([{ n: 0 }])
    expect(await sessionUser(t.app, person.cookie)).toBeNull()
  })
})
