import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { sampleListing } from '#shared/sample-listing.ts'

// Two people and a conversation between them on a running server, for bench/slow-phone.ts's signed-in pages. The
// server sends no mail of its own here: without SMTP_URL it writes each mail into DATA_DIR/mail, where the
// seeker's verification link is read (a conversation starts from a verified address).

type Person = { email: string; cookie: string }

async function post(base: string, address: string, body: object, cookie = '') {
  const response = await fetch(new URL(address, base), {
    method: 'POST',
    headers: { origin: new URL(base).origin, 'content-type': 'application/json', cookie },
    body: JSON.stringify(body),
  })
  if (!response.ok) throw new Error(`${address}: ${response.status} ${await response.text()}`)
  return response
}

async function signUp(base: string, name: string): Promise<Person> {
  const email = `${name.toLowerCase()}-${Date.now()}@bench.example`
  const password = 'Bench-password-1234!'
  await post(base, '/api/auth/sign-up/email', { name, email, password })
  const signedIn = await post(base, '/api/auth/sign-in/email', { email, password })
  const cookie = signedIn.headers
    .getSetCookie()
    .map((header) => header.split(';')[0])
    .join('; ')
  return { email, cookie }
}

/** The verification link of the newest mail to `email` in the outbox (quoted-printable undone). */
function verificationLink(dataDir: string, email: string): string {
  const folder = path.join(dataDir, 'mail')
  for (const file of readdirSync(folder).sort().reverse()) {
    const text = readFileSync(path.join(folder, file), 'utf8')
      .replace(/=\r?\n/g, '')
      .replace(/=3D/g, '=')
    if (!text.includes(email)) continue
    const link = /https?:\/\/[^\s"<>]*verify-email[^\s"<>]*/.exec(text)?.[0]
    if (link) return link
  }
  throw new Error(`no verification mail to ${email} in ${folder}: is DATA_DIR the server's?`)
}

/**
 * A poster with a listing and a seeker who wrote about it (three messages): answers the poster's session cookie
 * and the conversation's id.
 */
export async function conversationForBench(base: string, dataDir: string) {
  const poster = await signUp(base, 'Poster')
  const seeker = await signUp(base, 'Seeker')
  const verify = new URL(verificationLink(dataDir, seeker.email))
  await fetch(new URL(verify.pathname + verify.search, base), { redirect: 'manual' })
  const listing = await post(
    base,
    '/api/roommate-listings',
    sampleListing({ title: 'A bench room with a view' }),
    poster.cookie,
  )
  const { insertedId } = (await listing.json()) as { insertedId: string }
  const started = await post(
    base,
    '/api/conversations',
    { listingId: insertedId, body: 'Hello! Is the room still free?' },
    seeker.cookie,
  )
  const { conversationId } = (await started.json()) as { conversationId: string }
  for (const body of ['It is. When would you like to see it?', 'Saturday at ten works for me.'])
    await post(
      base,
      `/api/conversations/${conversationId}/messages`,
      { body },
      body.startsWith('It') ? poster.cookie : seeker.cookie,
    )
  return { cookie: poster.cookie, conversationId }
}
