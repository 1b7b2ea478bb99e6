import { describe, expect, test } from 'vitest'
import { randomUUID } from 'node:crypto'
import { useTestApp } from '../test/app.ts'

// The origins a browser may write from (issue 41): with BASE_URL at its default, localhost and 127.0.0.1 are one
// site; with BASE_URL set, a write from any other address is refused with the address to open instead.

const person = () => ({
  name: 'Loopback',
  email: `loop-${randomUUID().slice(0, 8)}@example.com`,
  password: 'Nestmate1',
})

describe('BASE_URL left at its default', () => {
  const t = useTestApp({ BASE_URL: undefined, PORT: '3000' })

  test.each(['http://localhost:3000', 'http://127.0.0.1:3000', 'http://[::1]:3000'])(
    'signs up and in from %s',
    async (origin) => {
      const who = person()
      const post = (url: string, payload: object) =>
        t.app.inject({ method: 'POST', url, headers: { origin }, payload })
      expect((await post('/api/auth/sign-up/email', who)).statusCode).toBe(200)
      const signedIn = await post('/api/auth/sign-in/email', { email: who.email, password: who.password })
      expect(signedIn.statusCode).toBe(200)
    },
  )

  test('another port, or another host, is still another site', async () => {
    for (const origin of ['http://127.0.0.1:3001', 'http://192.168.1.20:3000']) {
      const answer = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        headers: { origin },
        payload: person(),
      })
      expect(answer.statusCode).toBe(403)
    }
  })
})

describe('BASE_URL set', () => {
  const t = useTestApp({ BASE_URL: 'http://localhost:3000', PORT: '3000' })

  test("a write from another address is refused with the site's address, for the web app to show", async () => {
    for (const url of ['/api/auth/sign-up/email', '/api/auth/sign-in/email']) {
      const answer = await t.app.inject({
        method: 'POST',
        url,
        headers: { origin: 'http://127.0.0.1:3000' },
        payload: person(),
      })
      expect(answer.statusCode).toBe(403)
      expect(answer.json().error).toBe(
        "Cross-site requests are not allowed. Nestmate's address is http://localhost:3000: open it there and try again.",
      )
    }
  })
})
