import { describe, expect, test } from 'vitest'
import { testRunner } from '../jobs/test-runner.ts'
import { useMailedApp } from '../test/accounts.ts'
import { createListing, signUp } from '../test/app.ts'
import { testDatabaseKind } from '../test/database.ts'
import { verifiedUser } from '../routes/conversations/test-requests.ts'
import { savedSearchAlertJobs } from './alert-jobs.ts'
import { ALERT_WINDOW_MS } from './alerts.ts'
import { savedSearchOf, searchToken } from '../routes/saved-searches/test-requests.ts'

// One mail per burst (decision 083): two rooms posted 5 s apart make one instant alert, whatever the phase of the
// every-minute schedule, and that mail goes when the first room's window ends, not at a later tick. The job clock
// is driven (a runner of the test's own, its clock from zero), so no test waits a minute.

const t = useMailedApp()
const config = {
  baseUrl: 'http://localhost:3000',
  authSecret: 'x'.repeat(40),
  currency: 'USD',
  alertWindowMs: ALERT_WINDOW_MS,
}

type Step = { at: number; what: 'post 1' | 'post 2' | 'tick' | 'check' }

/** When the schedule ticks, in seconds after the first room: at it, either side of the second, mid-minute, at its end. */
const PHASES = [0, 2.5, 4.9, 5.1, 30, 59.9]

describe(`one instant alert mail per burst on ${testDatabaseKind}`, () => {
  test.each(PHASES)('the schedule ticking %s s after the first room', async (phase) => {
    const jobs = savedSearchAlertJobs(t.app.mailer, config)
    const runner = await testRunner(t.database, jobs)
    const seeker = await verifiedUser(t)
    const poster = await signUp(t.app)
    const token = searchToken('burst')
    await savedSearchOf(t.app, seeker, `q=${token}`)
    const alerts = () =>
      t.smtp.received.filter((mail) => mail.to === seeker.email && /new room/.test(mail.subject ?? ''))

    const steps: Step[] = [
      { at: 0, what: 'post 1' },
      { at: 5, what: 'post 2' },
      { at: 60, what: 'check' },
      ...[0, 60, 120].map((minute): Step => ({ at: phase + minute, what: 'tick' })),
    ]
    steps.sort((a, b) => a.at - b.at)
    let clock = 0
    for (const step of steps) {
      await runner.moveClock((step.at - clock) * 1000)
      clock = step.at
      if (step.what === 'post 1' || step.what === 'post 2') {
        await createListing(t.app, poster, { title: `${token} room ${step.what.slice(-1)}` })
        // What the write wakes (the trigger's notification, heard by a working runner), run here.
        for (const job of jobs.filter((job) => job.wokenBy)) await runner.send(job.name, {})
      }
      if (step.what === 'tick') await runner.send('saved-search-instant', {})
      await runner.runDue()
      // The first room's window has ended: its mail has gone, with both rooms.
      if (step.what === 'check') await expect.poll(() => alerts().length).toBe(1)
    }

    await expect.poll(() => alerts().length).toBe(1)
    const mails = alerts()
    expect(mails[0]!.subject).toMatch(/^2 new rooms/)
    for (const room of [1, 2]) expect(mails[0]!.text).toContain(`${token} room ${room},`)
  })
})
