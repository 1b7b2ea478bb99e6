import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { expect, test } from 'vitest'
import { buildApp } from '../../app.ts'
import { createListing, signUp, testConfig, useTestApp } from '../../test/app.ts'
import { testDatabaseKind } from '../../test/database.ts'
import { startAs, verifiedUser } from '../conversations/test-requests.ts'
import { bookAs, everyDay, putTimesAs, sampleTimes, slotFrom, timesAs } from './test-requests.ts'

// Capacity under concurrency (docs/decisions/095): 50 people book the same slot of 3 places at once. On
// PostgreSQL they go through two app instances on pools of their own, as two processes on one database would.

const t = useTestApp()

test('50 parallel bookings of a slot of capacity 3: exactly 3 succeed, the rest are told it is full', async () => {
  const poster = await signUp(t.app)
  const listingId = await createListing(t.app, poster)
  await putTimesAs(t.app, poster, listingId, sampleTimes({ rules: everyDay(3) }))
  const seekers = await Promise.all(Array.from({ length: 50 }, () => verifiedUser(t)))
  await Promise.all(seekers.map((seeker) => startAs(t.app, seeker, listingId)))
  const { start } = await slotFrom(t.app, poster, listingId)

  const dataDir = mkdtempSync(path.join(tmpdir(), 'nestmate-second-'))
  const other = testDatabaseKind === 'postgres' ? await t.database.separatePool(10) : undefined
  const second = other ? await buildApp(testConfig({ DATA_DIR: dataDir }), other) : t.app
  try {
    const answers = await Promise.all(
      seekers.map((seeker, index) => bookAs(index % 2 ? second : t.app, seeker, listingId, start)),
    )
    const statuses = answers.map((answer) => answer.statusCode).sort()
    expect(statuses.filter((status) => status === 201)).toHaveLength(3)
    expect(statuses.filter((status) => status === 409)).toHaveLength(47)
    const slots = (await timesAs(t.app, poster, listingId)).json().slots
    expect(slots.find((slot: { start: string }) => slot.start === start)).toMatchObject({
      capacity: 3,
      free: 0,
    })
  } finally {
    if (other) {
      await second.close()
      await other.close()
    }
    rmSync(dataDir, { recursive: true, force: true })
  }
}, 120_000)
