import { expect, test } from 'vitest'
import { useMailedApp } from '../test/accounts.ts'
import { createListing, signUp } from '../test/app.ts'
import { testDatabaseKind } from '../test/database.ts'
import { listAs, savedSearchOf, searchToken } from '../routes/saved-searches/test-requests.ts'

// A room posted Available is matched within seconds, not at the schedule's next minute (decision 083): the write's
// notification wakes the matcher of a working runner. (Across two processes on PostgreSQL:
// alerts-two-processes.test.ts.)

const t = useMailedApp()

test(`a saved search's newCount shows each room within seconds of its posting, on ${testDatabaseKind}`, async () => {
  await t.app.jobs.start()
  const seeker = await signUp(t.app)
  const poster = await signUp(t.app)
  const token = searchToken('wake')
  await savedSearchOf(t.app, seeker, `q=${token}`, 'off')
  const newCount = async () => (await listAs(t.app, seeker)).json<{ newCount: number }[]>()[0]!.newCount
  // One after another: the schedule's minute can't bring them all.
  for (const room of [1, 2, 3]) {
    await createListing(t.app, poster, { title: `${token} room ${room}` })
    await expect.poll(newCount, { timeout: 10_000, interval: 100 }).toBe(room)
  }
}, 60_000)
