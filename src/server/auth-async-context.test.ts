import { expect, test } from 'vitest'
import { BASE_URL, injectAs, signUp, useTestApp } from './test/app.ts'

const t = useTestApp()

/** Better Auth's AsyncLocalStorage instances (Node 20's keep a process-wide promise hook while `enabled`). */
function storagesOn(): boolean {
  const global = (globalThis as Record<symbol, { context: Record<string, { enabled?: boolean }> }>)[
    Symbol.for('better-auth:global')
  ]
  return Object.values(global?.context ?? {}).some((storage) => storage.enabled === true)
}

test("after a sign-up, Better Auth's AsyncLocalStorage no longer hooks every promise", async () => {
  await signUp(t.app)
  expect(storagesOn()).toBe(false)
  const stats = await t.app.inject({ url: '/api/stats' })
  expect(stats.statusCode).toBe(200)
  expect(storagesOn()).toBe(false)
})

test('Better Auth calls still find their context, one by one and side by side', async () => {
  const people = await Promise.all(Array.from({ length: 5 }, () => signUp(t.app)))
  const signIns = await Promise.all(
    people.map((person) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers: { origin: BASE_URL },
        payload: { email: person.email, password: person.password },
      }),
    ),
  )
  expect(signIns.map((response) => response.statusCode)).toEqual([200, 200, 200, 200, 200])
  for (const person of people) {
    const session = await injectAs(t.app, person, { url: '/api/auth/get-session' })
    expect(session.json().user.email).toBe(person.email)
  }
  expect(storagesOn()).toBe(false)
})
