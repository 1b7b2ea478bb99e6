import { describe, expect, test, vi } from 'vitest'
import { COMMON_PASSWORD_MESSAGE } from '#shared/signup.ts'
import { useMailedApp, linkIn, openLink, sessionUser, signIn, signUpAndReadMail } from './test/accounts.ts'
import { BASE_URL, cookieFrom } from './test/app.ts'

const t = useMailedApp()

const RESET_PAGE = `${BASE_URL}/reset-password`
const post = (url: string, payload: object, cookie?: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/auth/${url}`,
    headers: { origin: BASE_URL, ...(cookie ? { cookie } : {}) },
    payload,
  })
const requestReset = (email: string) => post('request-password-reset', { email })

/** Asks for a reset and follows the mail's link: answers the token the reset page receives. */
async function resetToken(email: string): Promise<string> {
  expect((await requestReset(email)).statusCode).toBe(200)
  const mail = await t.smtp.next(email)
  expect(mail.subject).toBe('Reset your Nestmate password')
  const opened = await openLink(t.app, linkIn(mail, `${BASE_URL}/api/auth/reset-password/`))
  expect(opened.statusCode).toBe(302)
  const landing = new URL(opened.headers.location as string)
  expect(landing.origin + landing.pathname).toBe(RESET_PAGE)
  return landing.searchParams.get('token')!
}

describe('forgot password', () => {
  test('the mailed link sets a new password and signs out every session', async () => {
    const { person } = await signUpAndReadMail(t)
    const laptop = await signIn(t.app, person.email, person.password)
    const token = await resetToken(person.email)

    const weak = await post('reset-password', { token, newPassword: 'short' })
    expect(weak.statusCode).toBe(400)
    const common = await post('reset-password', { token, newPassword: 'Password1' })
    expect(common.json()).toMatchObject({ error: COMMON_PASSWORD_MESSAGE })

    const reset = await post('reset-password', { token, newPassword: 'Fresh-Start-42' })
    expect([reset.statusCode, reset.json()]).toEqual([200, { status: true }])
    expect(await sessionUser(t.app, person.cookie)).toBeNull()
    expect(await sessionUser(t.app, laptop)).toBeNull()
    const api = await t.app.inject({ method: 'GET', url: '/api/my-listings', headers: { cookie: laptop } })
    expect(api.statusCode).toBe(401)

    await expect(signIn(t.app, person.email, person.password)).rejects.toThrow(/401/)
    expect(await signIn(t.app, person.email, 'Fresh-Start-42')).toMatch(/session_token/)
  })

  test('a link works once: used again it says so, on the page and at the API', async () => {
    const { person } = await signUpAndReadMail(t)
    expect((await requestReset(person.email)).statusCode).toBe(200)
    const link = linkIn(await t.smtp.next(person.email), `${BASE_URL}/api/auth/reset-password/`)
    const token = new URL((await openLink(t.app, link)).headers.location as string).searchParams.get('token')!
    expect((await post('reset-password', { token, newPassword: 'Fresh-Start-42' })).statusCode).toBe(200)

    expect((await openLink(t.app, link)).headers.location).toBe(`${RESET_PAGE}?error=INVALID_TOKEN`)
    const again = await post('reset-password', { token, newPassword: 'Another-Try-43' })
    expect([again.statusCode, again.json()]).toEqual([
      400,
      expect.objectContaining({ code: 'INVALID_TOKEN' }),
    ])
    expect(await signIn(t.app, person.email, 'Fresh-Start-42')).toMatch(/session_token/)
  })

  test('a link older than an hour has expired', async () => {
    const { person } = await signUpAndReadMail(t)
    expect((await requestReset(person.email)).statusCode).toBe(200)
    const link = linkIn(await t.smtp.next(person.email), `${BASE_URL}/api/auth/reset-password/`)
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 61 * 60 * 1000 })
    expect((await openLink(t.app, link)).headers.location).toBe(`${RESET_PAGE}?error=INVALID_TOKEN`)
    const token = link.split('/reset-password/')[1]!.split('?')[0]!
    expect((await post('reset-password', { token, newPassword: 'Fresh-Start-42' })).statusCode).toBe(400)
  })

  test('an unknown address gets the same answer as a known one, and no mail goes out', async () => {
    const { person } = await signUpAndReadMail(t)
    const known = await requestReset(person.email)
    const unknown = await requestReset('nobody-here@example.com')
    expect(unknown.statusCode).toBe(known.statusCode)
    expect(unknown.json()).toEqual(known.json())
    await t.smtp.next(person.email)
    await t.app.mailer.idle()
    expect(t.smtp.received.filter((mail) => mail.to === 'nobody-here@example.com')).toEqual([])
  })
})

describe('change password', () => {
  test('needs the current password, keeps this session and ends every other one', async () => {
    const { person } = await signUpAndReadMail(t)
    const phone = await signIn(t.app, person.email, person.password)

    const wrong = await post(
      'change-password',
      { currentPassword: 'Wrong-pass1', newPassword: 'Brand-New-77' },
      person.cookie,
    )
    expect([wrong.statusCode, wrong.json().error]).toEqual([400, 'Invalid password'])
    const weak = await post(
      'change-password',
      { currentPassword: person.password, newPassword: 'Qwerty123' },
      person.cookie,
    )
    expect(weak.json()).toMatchObject({ error: COMMON_PASSWORD_MESSAGE })

    // Even a client that asks to keep the other sessions has them ended.
    const changed = await post(
      'change-password',
      { currentPassword: person.password, newPassword: 'Brand-New-77', revokeOtherSessions: false },
      person.cookie,
    )
    expect(changed.statusCode).toBe(200)
    expect(await sessionUser(t.app, phone)).toBeNull()
    const renewed = cookieFrom(changed)
    expect((await sessionUser(t.app, renewed))?.email).toBe(person.email)
    expect(await signIn(t.app, person.email, 'Brand-New-77')).toMatch(/session_token/)
  })

  test('signed out, nothing changes', async () => {
    const response = await post('change-password', {
      currentPassword: 'Nestmate1',
      newPassword: 'Brand-New-77',
    })
    expect(response.statusCode).toBe(401)
  })
})
