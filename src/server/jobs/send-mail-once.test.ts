import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { DatabaseHandle } from '../db/client.ts'
import { createMailer } from '../mail/mailer.ts'
import { openTestDatabase, selectRows, testDatabaseKind } from '../test/database.ts'
import { startSmtpCapture } from '../test/smtp-capture.ts'
import { exampleMailJob } from './test-mail-job.ts'
import { recordingLogger, testRunner } from './test-runner.ts'

const dataDir = mkdtempSync(path.join(tmpdir(), 'nestmate-mail-once-'))
let database: DatabaseHandle
beforeAll(async () => {
  database = await openTestDatabase()
})
afterAll(async () => {
  await database.close()
  rmSync(dataDir, { recursive: true, force: true })
})

/** A runner with the example mail job, sending through `smtpUrl`, on `on` (another pool of the same database). */
async function mailRunner(smtpUrl: string, on = database) {
  const mailer = createMailer(
    { smtpUrl, mailFrom: 'Nestmate <hi@nestmate.test>', dataDir },
    recordingLogger().log,
  )
  const runner = await testRunner(on, [exampleMailJob(mailer)])
  return Object.assign(runner, { close: () => mailer.close() })
}

const claim = async (occasion: string) =>
  selectRows<{ state: string }>(database, `select state from mail_claim where key = 'example:${occasion}'`)

/** Runs what is due, moving the clock past each retry's wait, until nothing is left to retry. */
async function runToTheEnd(runner: Awaited<ReturnType<typeof mailRunner>>, id: string) {
  for (;;) {
    await runner.runDue('example-mail')
    const job = (await runner.job('example-mail', id))!
    if (job.state !== 'retry') return job.state
    await runner.moveClock(job.startAfter.getTime() - Date.now() + 1000)
  }
}

describe(`a job's mail goes out at most once, on ${testDatabaseKind}`, () => {
  test('a job retried after its mail went out sends no second mail', async () => {
    const smtp = await startSmtpCapture()
    const runner = await mailRunner(smtp.url)
    const id = (await runner.send('example-mail', {
      to: 'pat@example.com',
      occasion: 'retried',
      failAfterSend: true,
    }))!
    expect(await runToTheEnd(runner, id)).toBe('completed')
    expect((await smtp.next('pat@example.com')).subject).toBe('Nestmate: retried')
    expect(smtp.received).toEqual([])
    expect(await claim('retried')).toEqual([{ state: 'sent' }])
    await runner.close()
    await smtp.close()
  })

  test('a mail server that says no: the claim is let go, and the retry sends the mail', async () => {
    const smtp = await startSmtpCapture({ refuseFirst: 1 })
    const runner = await mailRunner(smtp.url)
    const id = (await runner.send('example-mail', { to: 'sam@example.com', occasion: 'refused' }))!
    expect(await runToTheEnd(runner, id)).toBe('completed')
    expect(smtp.refused).toBe(1)
    expect((await smtp.next('sam@example.com')).subject).toBe('Nestmate: refused')
    expect(await claim('refused')).toEqual([{ state: 'sent' }])
    await runner.close()
    await smtp.close()
  })

  test('two runners on their own connections, each with a job for the same occasion: one mail', async () => {
    const smtp = await startSmtpCapture()
    const other = await database.separatePool(2)
    const [first, second] = [await mailRunner(smtp.url), await mailRunner(smtp.url, other)]
    for (let i = 0; i < 4; i++)
      await first.send('example-mail', { to: 'kim@example.com', occasion: 'shared' })
    const runs = await Promise.all([first.runDue(), second.runDue()])
    expect(runs[0]! + runs[1]!).toBe(4)
    await smtp.next('kim@example.com')
    expect(smtp.received).toEqual([])
    await Promise.all([first.close(), second.close()])
    await other.close()
    await smtp.close()
  })
})
