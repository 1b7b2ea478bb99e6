import { randomUUID } from 'node:crypto'
import { ROOM_TYPES } from '../src/shared/listing-values.ts'
import { sampleListing } from '../src/shared/sample-listing.ts'

// A small HTTP client for the slow tests: real sockets, the app's own Origin, a session cookie per person.

export type Person = { email: string; cookie: string }

export type Answer = { status: number; body: unknown; ms: number }

export async function call(
  baseUrl: string,
  person: Person | null,
  method: string,
  path: string,
  body?: unknown,
): Promise<Answer> {
  const started = performance.now()
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      origin: baseUrl,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(person ? { cookie: person.cookie } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(15_000),
  })
  const text = await response.text()
  let parsed: unknown = text
  try {
    parsed = JSON.parse(text)
  } catch {
    // Not JSON: keep the text.
  }
  return { status: response.status, body: parsed, ms: performance.now() - started }
}

/** A new person: signed up, then signed in with their password (a sign-up signs no one in: decision 035). */
export async function signUp(baseUrl: string): Promise<Person> {
  const email = `soak-${randomUUID().slice(0, 8)}@example.com`
  const post = (path: string, body: object) =>
    fetch(`${baseUrl}/api/auth/${path}`, {
      method: 'POST',
      headers: { origin: baseUrl, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
  const signedUp = await post('sign-up/email', {
    name: `Person ${email.slice(5, 13)}`,
    email,
    password: 'Nestmate1',
  })
  if (!signedUp.ok) throw new Error(`sign-up failed: ${signedUp.status} ${await signedUp.text()}`)
  const signedIn = await post('sign-in/email', { email, password: 'Nestmate1' })
  if (!signedIn.ok) throw new Error(`sign-in failed: ${signedIn.status} ${await signedIn.text()}`)
  const cookie = signedIn.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ')
  return { email, cookie }
}

let counter = 0
export function listingBody(overrides: Record<string, unknown> = {}) {
  counter += 1
  return sampleListing({
    title: `Room ${counter} ${randomUUID().slice(0, 6)}`,
    location: ['Portland, OR', 'Austin, TX', 'Leeds', 'Dhaka'][counter % 4],
    rent: 300 + ((counter * 37) % 1500),
    roomType: ROOM_TYPES[counter % ROOM_TYPES.length],
    description: 'A bright room in a calm shared flat. '.repeat(1 + (counter % 5)),
    availability: counter % 5 === 0 ? 'Not Available' : 'Available',
    ...overrides,
  })
}
