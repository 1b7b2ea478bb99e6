import pino from 'pino'
import type { FastifyBaseLogger } from 'fastify'
import { openDatabase } from '../src/server/db/client.ts'
import { claimBatches, sendBatches } from '../src/server/saved-searches/alerts.ts'

// The daily digests' run for bench/saved-searches.ts, in a process of its own as the app's job runs beside its
// requests (its CPU never shares the load generator's event loop): names every due digest and sends each through
// sendMailOnce to a mailer that accepts at once. Prints `{ sent, failed, seconds }`.
const url = process.env.BENCH_DIGEST_URL
if (!url) throw new Error('BENCH_DIGEST_URL names the database.')
const handle = await openDatabase({ kind: 'postgres', url })
try {
  const log = pino({ level: 'silent' }) as unknown as FastifyBaseLogger
  const started = performance.now()
  await claimBatches(handle.db, 'daily', new Date())
  const { sent, failed } = await sendBatches(
    { db: handle.db, mailer: { deliver: async () => {} }, log },
    { baseUrl: 'http://localhost:3000', authSecret: 'x'.repeat(40), currency: 'USD' },
  )
  const seconds = Math.round((performance.now() - started) / 100) / 10
  console.log(JSON.stringify({ sent, failed, seconds }))
} finally {
  await handle.close()
}
