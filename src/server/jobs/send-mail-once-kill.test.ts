import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, expect, test } from 'vitest'
import { openDatabase, type DatabaseTarget } from '../db/client.ts'
import { createPostgresDatabase, selectRows, testDatabaseKind } from '../test/database.ts'
import { startScriptProcess } from '../test/processes.ts'
import { startSmtpCapture } from '../test/smtp-capture.ts'

const dataDir = mkdtempSync(path.join(tmpdir(), 'nestmate-mail-kill-'))
afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

/** A database of this test's own, migrated, for the processes to share (one after the other on PGlite). */
async function freshTarget(): Promise<DatabaseTarget> {
  const url = process.env.TEST_DATABASE_URL
  const target: DatabaseTarget = url
    ? {
        kind: 'postgres',
        url: await createPostgresDatabase(url, `nestmate_kill_${randomBytes(4).toString('hex')}`),
      }
    : { kind: 'pglite', dataDir }
  await (await openDatabase(target)).close()
  return target
}

/** Starts the mail job process on `target`. */
function startProcess(target: DatabaseTarget, env: Record<string, string>) {
  return startScriptProcess('src/server/test/mail-job-process.ts', {
    DATA_DIR: dataDir,
    ...(target.kind === 'postgres' ? { DATABASE_URL: target.url } : {}),
    ...env,
  })
}

test(`a kill -9 mid-send: the retried job sends nothing, on ${testDatabaseKind}`, async () => {
  const smtp = await startSmtpCapture({ hold: (to) => to === 'lee@example.com' })
  const target = await freshTarget()

  // The mail server has the message but hasn't answered when the process dies.
  const first = startProcess(target, { SMTP_URL: smtp.url, SEND_TO: 'lee@example.com' })
  await smtp.held(1, 60_000)
  first.child.kill('SIGKILL')
  await first.exited

  // The next process retries the job (at once on PGlite, after the run's expiry on PostgreSQL): it finds the
  // claim and sends nothing.
  const second = startProcess(target, { SMTP_URL: smtp.url })
  await second.line('another run began sending it and never confirmed')
  await second.line('"msg":"job example-mail done"')
  second.child.kill('SIGTERM')
  await second.exited

  expect(smtp.received).toEqual([])
  const database = await openDatabase(target)
  try {
    expect(await selectRows(database, `select key, state from mail_claim`)).toEqual([
      { key: 'example:killed', state: 'sending' },
    ])
    expect(
      await selectRows(database, `select state, retry_count from pgboss.job where name = 'example-mail'`),
    ).toEqual([{ state: 'completed', retry_count: 1 }])
  } finally {
    await database.close()
    await smtp.close()
  }
}, 120_000)
