import { describe, expect, test } from 'vitest'
import type { LightMyRequestResponse } from 'fastify'
import { useMailedApp, linkIn, openLink, sessionUser, signIn } from './test/accounts.ts'
import { BASE_URL, signUp } from './test/app.ts'

// A sign-up must not tell whether an address has an account (docs/decisions/035): both answers are alike and sign
// no one in, and the address is mailed either way, with what fits it.

const t = useMailedApp()

const signUpRequest = (payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/auth/sign-up/email', headers: { origin: BASE_URL }, payload })

/** What a client can see of a sign-up's answer, with the address it named and the ids and times taken out. */
function visible(response: LightMyRequestResponse, email: string) {
  const { user, ...rest } = response.json<{ user: Record<string, unknown> }>()
  const { id, createdAt, updatedAt, ...fields } = user
  return {
    status: response.statusCode,
    headers: Object.keys(response.headers).sort(),
    rest,
    user: { ...fields, email: fields.email === email ? 'the address' : fields.email },
    shapes: [id, createdAt, updatedAt].map((value) => typeof value),
  }
}

describe('sign-up', () => {
  test('a new address and one that has an account get the same answer, and neither is signed in', async () => {
    const existing = await signUp(t.app)
    const fresh = `fresh-${Math.random().toString(36).slice(2)}@example.com`
    const attempt = { name: 'Sam Same', password: 'Another-Pass-7' }
    const forNew = await signUpRequest({ ...attempt, email: fresh })
    const forExisting = await signUpRequest({ ...attempt, email: existing.email })

    expect(forNew.statusCode).toBe(200)
    expect(visible(forExisting, existing.email)).toEqual(visible(forNew, fresh))
    for (const response of [forNew, forExisting]) {
      expect(response.headers['set-cookie']).toBeUndefined()
      expect(response.json().token).toBeNull()
    }
    // The account that was there is untouched: its own password, its own name.
    await expect(signIn(t.app, existing.email, attempt.password)).rejects.toThrow(/401/)
    const cookie = await signIn(t.app, existing.email, existing.password)
    expect((await sessionUser(t.app, cookie))?.id).toBe(existing.id)
  })

  test("the new address gets its link to confirm; the account's owner is told someone tried, and how to log in", async () => {
    const existing = await signUp(t.app)
    await t.smtp.next(existing.email)
    const fresh = `fresh-${Math.random().toString(36).slice(2)}@example.com`
    await signUpRequest({ name: 'Sam Same', email: fresh, password: 'Another-Pass-7' })
    await signUpRequest({ name: 'Sam Same', email: existing.email, password: 'Another-Pass-7' })

    const confirm = await t.smtp.next(fresh)
    expect(confirm.subject).toBe('Confirm your e-mail address for Nestmate')
    expect(linkIn(confirm, `${BASE_URL}/api/auth/verify-email`)).toBeTruthy()

    const notice = await t.smtp.next(existing.email)
    expect(notice.subject).toBe('Someone tried to sign up to Nestmate with your address')
    expect(notice.text).toMatch(/^Hi,\n/)
    expect(notice.text).toContain(`${BASE_URL}/login`)
    expect(notice.text).toContain('nothing has changed on your account')
    // It carries no link that does anything by itself, and nothing the sign-up sent.
    expect(notice.rawText).not.toMatch(/token=|Sam Same|Another-Pass-7/)
  })

  test('a new account signs in with its password, before and after confirming its address', async () => {
    const email = `fresh-${Math.random().toString(36).slice(2)}@example.com`
    await signUpRequest({ name: 'Nia New', email, password: 'Nestmate1' })
    const before = await signIn(t.app, email, 'Nestmate1')
    expect((await sessionUser(t.app, before))?.emailVerified).toBe(false)
    const opened = await openLink(
      t.app,
      linkIn(await t.smtp.next(email), `${BASE_URL}/api/auth/verify-email`),
    )
    // The link confirms the address and signs no one in.
    expect(opened.headers['set-cookie']).toBeUndefined()
    const after = await signIn(t.app, email, 'Nestmate1')
    expect((await sessionUser(t.app, after))?.emailVerified).toBe(true)
  })
})
