import { describe, expect, test } from 'vitest'
import { injectAs, linkIn, openLink, signUpAndReadMail, useMailedApp } from './test/accounts.ts'
import { BASE_URL, signUp } from './test/app.ts'

// A name is shown to others and greets people in Nestmate's own mail: one plain line, and only in mail to an
// address its owner has verified.

const t = useMailedApp()

const REFUSED = "Name can't contain line breaks, tabs or invisible formatting characters."
const post = (url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, headers: { origin: BASE_URL }, payload })

describe('names', () => {
  test.each([
    ['line breaks', 'Eve\n\nSECURITY ALERT: confirm your account at https://evil.example/confirm'],
    ['a tab', 'Eve\tAdams'],
    ['a right-to-left override', 'Eve \u202Efdp.exe'],
    ['a zero-width space', 'E\u200Bve'],
    ['a line separator', 'Eve\u2028Adams'],
    ['a C1 control', 'Eve\u0085Adams'],
    ['only a Hangul filler', '\u3164'],
  ])('one with %s is refused wherever a name is taken, naming the field', async (_what, name) => {
    // Sign-up with someone else's address: refused, and nothing is mailed to them.
    const victim = `victim-${Math.random().toString(36).slice(2)}@example.com`
    const signUpAttempt = await post('/api/auth/sign-up/email', {
      name,
      email: victim,
      password: 'Nestmate1',
    })
    expect([signUpAttempt.statusCode, signUpAttempt.json().error]).toEqual([400, REFUSED])
    await t.app.mailer.idle()
    expect(t.smtp.received.filter((mail) => mail.to === victim)).toEqual([])

    const person = await signUp(t.app)
    const update = await injectAs(t.app, person, {
      method: 'POST',
      url: '/api/auth/update-user',
      payload: { name },
    })
    expect([update.statusCode, update.json().error]).toEqual([400, REFUSED])
    const record = await injectAs(t.app, person, {
      method: 'POST',
      url: '/api/users',
      payload: { name, email: person.email },
    })
    expect(record.statusCode).toBe(400)
    expect(record.json()).toEqual({ error: REFUSED, issues: [{ path: 'name', message: REFUSED }] })
    const me = await injectAs(t.app, person, { method: 'GET', url: '/api/auth/get-session' })
    expect(me.json().user.name).toBe(person.name)
  })

  test.each([
    ['Persian, with a zero-width non-joiner', 'مهدی\u200Cزاده'],
    ['an emoji family, with zero-width joiners', 'Sam 👩\u200D👩\u200D👧'],
    ['accents and apostrophes', 'Zoë O’Brien-Ørsted'],
    ['Chinese', '李小龍'],
  ])('one in %s is taken as it is', async (_what, name) => {
    const person = await signUp(t.app, { name })
    const me = await injectAs(t.app, person, { method: 'GET', url: '/api/auth/get-session' })
    expect(me.json().user.name).toBe(name)
  })
})

describe('greetings', () => {
  test('mail to an address not yet verified greets no one by name', async () => {
    const { person, mail } = await signUpAndReadMail(t, { name: 'Mallory Chosen-By-Someone' })
    expect(mail.text).toMatch(/^Hi,\n/)
    for (const body of [mail.text, String(mail.html)]) expect(body).not.toContain('Mallory')

    expect((await post('/api/auth/request-password-reset', { email: person.email })).statusCode).toBe(200)
    const reset = await t.smtp.next(person.email)
    expect(reset.subject).toBe('Reset your Nestmate password')
    expect(reset.text).toMatch(/^Hi,\n/)
    expect(reset.rawText).not.toContain('Mallory')
  })

  test('once its owner has verified the address, mail greets them by name', async () => {
    const { person, link } = await signUpAndReadMail(t, { name: 'Vera Verified' })
    await openLink(t.app, link)
    expect((await post('/api/auth/request-password-reset', { email: person.email })).statusCode).toBe(200)
    const reset = await t.smtp.next(person.email)
    expect(reset.text).toMatch(/^Hi Vera Verified,\n/)
    expect(linkIn(reset, `${BASE_URL}/api/auth/reset-password/`)).toBeTruthy()
  })
})
