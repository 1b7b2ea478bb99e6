import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { openDatabase } from '../src/server/db/client.ts'
import { TEST_ENV } from '../src/server/test/app.ts'
import { createPostgresDatabase } from '../src/server/test/database.ts'
import { startPushReceiver } from '../src/server/test/push-receiver.ts'
import { call, listingBody, signUp } from '../reliability/client.ts'
import type { Endpoint } from './endpoints.ts'
import { steadyLatency } from './load.ts'
import { startNestmate } from './processes.ts'
import { seed, type Target } from './seed.ts'

// npm run bench:push [-- <devices> <listings> <browse rate>]: one event (a new message) to a person with that many
// devices (docs/benchmarks.md, Push), on the embedded database, or on PostgreSQL through scripts/with-postgres.sh.
// The devices are at a push service inside this process that checks each push's VAPID signature and decrypts it,
// on loopback (PUSH_TEST_ENDPOINTS, so the server runs with NODE_ENV=test). Browse's first page is read at a
// steady rate before and while the pushes go: its p99 "meanwhile" is the second figure.
const [devices = 1000, listings = 10_000, rate = 100] = process.argv.slice(2).map(Number)
const SECONDS = 10
const PORT = 39300
const adminUrl = process.env.TEST_DATABASE_URL
const tmp = mkdtempSync(path.join(os.tmpdir(), 'nestmate-bench-push-'))
const browse: Endpoint = {
  name: 'browse: first page',
  method: 'GET',
  paths: ['/api/roommate-listings'],
  signedIn: false,
  read: true,
}

/** A process's CPU time so far, user and system, in seconds (Linux: /proc; clock ticks of 1/100 s). */
function cpuSeconds(pid: number) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
  return (Number(fields[11]) + Number(fields[12])) / 100
}

async function main() {
  const target: Target = adminUrl
    ? { kind: 'postgres', url: await createPostgresDatabase(adminUrl, `nestmate_bench_push_${process.pid}`) }
    : { kind: 'pglite', dataDir: path.join(tmp, 'data') }
  await seed(target, listings)
  const receiver = await startPushReceiver(TEST_ENV.VAPID_PUBLIC_KEY)
  const where = target.kind === 'postgres' ? { url: target.url } : { dataDir: target.dataDir }
  const start = () =>
    startNestmate(where, PORT, path.join(tmp, 'server.log'), 'warn', {
      NODE_ENV: 'test',
      PUSH_TEST_ENDPOINTS: 'true',
      VAPID_PUBLIC_KEY: TEST_ENV.VAPID_PUBLIC_KEY,
      VAPID_PRIVATE_KEY: TEST_ENV.VAPID_PRIVATE_KEY,
    })
  let server = await start()
  try {
    const [poster, seeker, other] = [
      await signUp(server.url),
      await signUp(server.url),
      await signUp(server.url),
    ]
    const listed = await call(server.url, poster, 'POST', '/api/roommate-listings', {
      ...listingBody(),
      availability: 'Available',
    })
    const listingId = (listed.body as { insertedId: string }).insertedId
    // The devices in SQL (the API allows 20 a person): the poster's, each a device of the receiver's. The server
    // stops meanwhile: the embedded database is one process's.
    const keys = Array.from({ length: devices }, () => receiver.device())
    await server.stop()
    const database = await openDatabase(target)
    try {
      await database.execute(`update "user" set email_verified = true where email in ($1, $2)`, [
        seeker.email,
        other.email,
      ])
      await database.execute(
        `insert into push_subscription (user_id, endpoint, p256dh, auth, kinds, device)
         select u.id, d.endpoint, d.p256dh, d.auth, '{messages}', 'Bench'
         from "user" u, json_to_recordset($2::json) as d(endpoint text, p256dh text, auth text)
         where u.email = $1`,
        [poster.email, JSON.stringify(keys.map((key) => ({ endpoint: key.endpoint, ...key.keys })))],
      )
    } finally {
      await database.close()
    }
    server = await start()

    /** One message to the poster: how long until every device has it, and the server's CPU time meanwhile. */
    const event = async (writer: typeof seeker, expected: number) => {
      const cpu = cpuSeconds(server.pid)
      const sentAt = performance.now()
      const started = await call(server.url, writer, 'POST', '/api/conversations', { listingId, body: 'Hi!' })
      if (started.status !== 201) throw new Error(`the message was refused: ${started.status}`)
      await receiver.waitFor(expected, 120_000)
      return { seconds: (performance.now() - sentAt) / 1000, cpu: cpuSeconds(server.pid) - cpu }
    }
    await steadyLatency(server.url, browse, [], 3, rate) // warm-up
    const quiet = await steadyLatency(server.url, browse, [], SECONDS, rate)
    const load = os.loadavg()[0]!.toFixed(1)
    const alone = await event(seeker, devices)
    const during = steadyLatency(server.url, browse, [], SECONDS, rate)
    await new Promise((resolve) => setTimeout(resolve, 1000))
    const loaded = await event(other, 2 * devices)
    const meanwhile = await during
    console.log(
      `push, ${target.kind === 'postgres' ? 'PostgreSQL' : 'embedded'}, one message to ${devices} devices: ` +
        `alone all received in ${alone.seconds.toFixed(2)} s (server CPU ${alone.cpu.toFixed(2)} s); ` +
        `under browse at ${rate}/s in ${loaded.seconds.toFixed(2)} s (server CPU ${loaded.cpu.toFixed(2)} s); ` +
        `browse before: p50 ${quiet.p50} ms, p99 ${quiet.p99} ms; meanwhile: p50 ${meanwhile.p50} ms, p99 ` +
        `${meanwhile.p99} ms, ${meanwhile.failed} failed (${listings} listings, load ${load} → ` +
        `${os.loadavg()[0]!.toFixed(1)})`,
    )
  } finally {
    await server.stop()
    await receiver.close()
    rmSync(tmp, { recursive: true, force: true })
  }
}

await main()
