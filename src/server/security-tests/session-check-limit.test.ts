import { expect, test } from 'vitest'
import { BASE_URL, cookieFrom, useTestApp } from '../test/app.ts'

// Issue 41: people behind one address (a campus, an office, a family) check their sessions many times a minute
// between them. The session check is limited per session, so one address never signs them all out.

const limited = useTestApp({ RATE_LIMITS: 'true' })
const OFFICE = '198.51.100.40'

/** A person signed up and in from an address of their own (the sign-up limit is per address). */
async function signedIn(n: number) {
  const person = {
    name: `Office ${n}`,
    email: `office-${n}-${Date.now()}@example.com`,
    password: 'Nestmate1',
  }
  const post = (url: string, payload: object) =>
    limited.app.inject({
      method: 'POST',
      url,
      remoteAddress: `203.0.113.${n}`,
      headers: { origin: BASE_URL },
      payload,
    })
  expect((await post('/api/auth/sign-up/email', person)).statusCode).toBe(200)
  return cookieFrom(await post('/api/auth/sign-in/email', { email: person.email, password: person.password }))
}

const check = (cookie: string) =>
  limited.app.inject({
    method: 'GET',
    url: '/api/auth/get-session',
    remoteAddress: OFFICE,
    headers: { cookie },
  })

test('five people behind one address check their sessions 150 times a minute between them, all answered', async () => {
  const cookies = [] as string[]
  for (let n = 1; n <= 5; n++) cookies.push(await signedIn(n))
  const statuses = new Map<number, number>()
  for (let round = 0; round < 30; round++)
    for (const cookie of cookies) {
      const answer = await check(cookie)
      statuses.set(answer.statusCode, (statuses.get(answer.statusCode) ?? 0) + 1)
      if (answer.statusCode === 200)
        expect(answer.json()).toMatchObject({ user: { name: expect.any(String) } })
    }
  expect(Object.fromEntries(statuses)).toEqual({ 200: 150 })
})

test('one session past its own limit is refused with Retry-After; the others behind its address are not', async () => {
  const [busy, calm] = [await signedIn(11), await signedIn(12)]
  let answer = await check(busy)
  for (let i = 0; i < 200 && answer.statusCode === 200; i++) answer = await check(busy)
  expect(answer.statusCode).toBe(429)
  expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0)
  expect((await check(calm)).statusCode).toBe(200)
})
