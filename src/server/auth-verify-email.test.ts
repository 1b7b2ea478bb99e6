import { describe, expect, test, vi } from 'vitest'
import { useMailedApp, injectAs, linkIn, openLink, sessionUser, signUpAndReadMail } from './test/accounts.ts'
import { BASE_URL, createListing } from './test/app.ts'

const t = useMailedApp()

const VERIFIED_PAGE = `${BASE_URL}/email-verified`
const resend = (cookie: string | null, email: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/send-verification-email',
    headers: { origin: BASE_URL, ...(cookie ? { cookie } : {}) },
    payload: { email },
  })

describe('e-mail verification', () => {
  test('sign-up sends a mail whose link verifies the address and lands on the verified page', async () => {
    const { person, mail, link } = await signUpAndReadMail(t)
    expect(mail.subject).toBe('Confirm your e-mail address for Nestmate')
    // The address isn't verified yet, so the name it was given greets no one (auth-names.test.ts).
    expect(mail.text).toMatch(/^Hi,\n/)
    expect(mail.html).toContain(link.replaceAll('&', '&#38;'))
    // Nothing secret beyond the one link: no password, no session token.
    expect(mail.rawText).not.toContain(person.password)
    expect(mail.rawText).not.toContain(person.cookie.split('=')[1]!.split('.')[0])
    expect(new URL(link).searchParams.get('callbackURL')).toBe(VERIFIED_PAGE)
    expect((await sessionUser(t.app, person.cookie))?.emailVerified).toBe(false)

    const opened = await openLink(t.app, link)
    expect(opened.statusCode).toBe(302)
    expect(opened.headers.location).toBe(VERIFIED_PAGE)
    expect((await sessionUser(t.app, person.cookie))?.emailVerified).toBe(true)

    // Opened again: the address stays verified and the page says so; the link signs no one in.
    const again = await openLink(t.app, link)
    expect(again.headers.location).toBe(VERIFIED_PAGE)
    expect(again.headers['set-cookie']).toBeUndefined()
  })

  test("a verified person's listings say so to everyone who may see them", async () => {
    const { person, link } = await signUpAndReadMail(t)
    const id = await createListing(t.app, person)
    const { person: reader } = await signUpAndReadMail(t)
    const details = () => injectAs(t.app, reader, { method: 'GET', url: `/api/roommate-listings/${id}` })
    expect((await details()).json().ownerVerified).toBe(false)
    await openLink(t.app, link)
    expect((await details()).json().ownerVerified).toBe(true)
  })

  test('a tampered link lands on the page with an error, and verifies nothing', async () => {
    const { person, link } = await signUpAndReadMail(t)
    const opened = await openLink(t.app, link.replace('token=', 'token=x'))
    expect(opened.headers.location).toBe(`${VERIFIED_PAGE}?error=INVALID_TOKEN`)
    expect((await sessionUser(t.app, person.cookie))?.emailVerified).toBe(false)
  })

  test('a link older than a day has expired', async () => {
    const { person, link } = await signUpAndReadMail(t)
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 24 * 60 * 60 * 1000 + 60_000 })
    const opened = await openLink(t.app, link)
    expect(opened.headers.location).toBe(`${VERIFIED_PAGE}?error=TOKEN_EXPIRED`)
    vi.useRealTimers()
    expect((await sessionUser(t.app, person.cookie))?.emailVerified).toBe(false)
  })

  test('a signed-in person asks for another mail, whose link works too', async () => {
    const { person } = await signUpAndReadMail(t)
    const response = await resend(person.cookie, person.email)
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ status: true })
    const link = linkIn(await t.smtp.next(person.email), `${BASE_URL}/api/auth/verify-email`)
    expect((await openLink(t.app, link)).headers.location).toBe(VERIFIED_PAGE)
    expect((await sessionUser(t.app, person.cookie))?.emailVerified).toBe(true)

    const verified = await resend(person.cookie, person.email)
    expect(verified.statusCode).toBe(400)
    expect(verified.json()).toMatchObject({ error: 'Email is already verified' })
  })

  test("a signed-in person can't send a verification mail to someone else's address", async () => {
    const { person } = await signUpAndReadMail(t)
    const { person: other } = await signUpAndReadMail(t)
    const response = await resend(person.cookie, other.email)
    expect(response.statusCode).toBe(400)
    await t.app.mailer.idle()
    expect(t.smtp.received.filter((mail) => mail.to === other.email)).toEqual([])
  })

  test('signed out, a known and an unknown address get the same answer; only a real one gets mail', async () => {
    const { person } = await signUpAndReadMail(t)
    const known = await resend(null, person.email)
    const unknown = await resend(null, 'nobody-here@example.com')
    expect([known.statusCode, known.json()]).toEqual([200, { status: true }])
    expect([unknown.statusCode, unknown.json()]).toEqual([200, { status: true }])
    expect((await t.smtp.next(person.email)).subject).toBe('Confirm your e-mail address for Nestmate')
    await t.app.mailer.idle()
    expect(t.smtp.received.filter((mail) => mail.to === 'nobody-here@example.com')).toEqual([])
  })
})
