import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createMailedApp, type MailedApp } from './test/accounts.ts'
import { BASE_URL, signUp } from './test/app.ts'

let t: MailedApp
beforeAll(async () => {
  t = await createMailedApp({ RATE_LIMITS: 'true' })
})
afterAll(() => t.close())

const ask = (path: string, email: string, remoteAddress: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/auth/${path}`,
    headers: { origin: BASE_URL },
    remoteAddress,
    payload: { email },
  })

describe.each(['request-password-reset', 'send-verification-email'])('%s', (path) => {
  test('an address gets at most 3 mails in 15 minutes, however many machines ask', async () => {
    const person = await signUp(t.app)
    for (const machine of [1, 2, 3])
      expect((await ask(path, person.email, `10.2.${path.length}.${machine}`)).statusCode).toBe(200)
    const refused = await ask(path, person.email, `10.2.${path.length}.9`)
    expect(refused.statusCode).toBe(429)
    expect(refused.json()).toMatchObject({
      error: 'Too many mails asked for this address; try again in 15 minutes.',
    })
    // An address that belongs to nobody is refused alike: the limit tells nothing about who has an account.
    for (const machine of [1, 2, 3])
      await ask(path, 'nobody-limited@example.com', `10.3.${path.length}.${machine}`)
    const unknown = await ask(path, 'nobody-limited@example.com', `10.3.${path.length}.9`)
    expect([unknown.statusCode, unknown.json().error]).toEqual([429, refused.json().error])
  })

  test('a machine gets at most 10 requests in 15 minutes, whatever addresses it names', async () => {
    const machine = `10.4.${path.length}.1`
    for (let i = 0; i < 10; i++)
      expect((await ask(path, `someone-${i}@example.com`, machine)).statusCode, `request ${i + 1}`).toBe(200)
    expect((await ask(path, 'someone-else@example.com', machine)).statusCode).toBe(429)
  })
})
