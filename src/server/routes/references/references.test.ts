import { sql } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { useMailedApp } from '../../test/accounts.ts'
import { BASE_URL, injectAs, signUp, signUpVerified, type TestUser } from '../../test/app.ts'
import { linkIn } from '../../test/smtp-capture.ts'
import { testDatabaseKind } from '../../test/database.ts'
import { publicReferences } from '../../references/public-references.ts'

const t = useMailedApp()

const ask = (person: TestUser, payload: Record<string, unknown>) =>
  injectAs(t.app, person, { method: 'POST', url: '/api/references/requests', payload })
const ANSWER = {
  relationship: 'flatmate',
  from: '2023-09',
  to: '2025-06',
  tidy: 5,
  bills: 4,
  considerate: 5,
  communication: 3,
  text: 'Kept the kitchen spotless.',
}
const answer = (token: string, payload: Record<string, unknown> = ANSWER) =>
  t.app.inject({ method: 'POST', url: `/api/references/${token}`, headers: { origin: BASE_URL }, payload })
const opened = (token: string) => t.app.inject({ method: 'GET', url: `/api/references/${token}` })

/** Asks `refereeEmail` for a reference and answers the token from the mail's link. */
async function requestToken(person: TestUser, refereeEmail: string) {
  const asked = await ask(person, {
    refereeEmail,
    refereeName: 'Sam, visit evil.example',
    relationship: 'flatmate',
  })
  expect(asked.statusCode, asked.body).toBe(201)
  const mail = await t.smtp.next(refereeEmail.toLowerCase())
  return { mail, token: linkIn(mail, `${BASE_URL}/references/`).slice(`${BASE_URL}/references/`.length) }
}

describe(`references (${testDatabaseKind})`, () => {
  test('a referee answers from the mailed link once; the subject sees it, can hide it, never its address', async () => {
    const subject = await signUpVerified(t)
    const referee = `referee-${Date.now()}@example.com`
    const { mail, token } = await requestToken(subject, referee.toUpperCase())
    // The mail names the requester, and carries nothing else they typed (not the referee's name they gave).
    expect(mail.text).toContain(subject.name)
    expect(mail.rawText).not.toContain('evil.example')
    expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(16)

    expect((await opened(token)).json()).toEqual({ requesterName: subject.name, relationship: 'flatmate' })
    expect((await opened('made-up-token')).statusCode).toBe(404)
    expect((await answer(token, { ...ANSWER, tidy: 6 })).statusCode).toBe(400)
    expect((await answer(token)).statusCode).toBe(201)
    expect((await answer(token)).statusCode).toBe(410)
    expect((await opened(token)).statusCode).toBe(410)

    const shown = await publicReferences(t.database.db, subject.id)
    expect(shown).toEqual({
      count: 1,
      items: [
        expect.objectContaining({ refereeName: 'Sam, visit evil.example', tidy: 5, confirmedByEmail: true }),
      ],
    })
    expect(JSON.stringify(shown)).not.toContain('referee-')
    const id = shown.items[0]!._id

    // Only its subject hides it; anyone else is told there is no such reference.
    const other = await signUp(t.app)
    const hide = (person: TestUser, hidden: boolean) =>
      injectAs(t.app, person, { method: 'PATCH', url: `/api/references/${id}`, payload: { hidden } })
    expect((await hide(other, true)).statusCode).toBe(404)
    expect((await hide(subject, true)).statusCode).toBe(200)
    expect((await publicReferences(t.database.db, subject.id)).count).toBe(0)
    const mine = await injectAs(t.app, subject, { method: 'GET', url: '/api/references/mine' })
    expect(mine.json().references).toEqual([expect.objectContaining({ _id: id, hidden: true })])
    expect(mine.body).not.toContain('referee-')

    // One reference per referee address and person.
    expect(
      (await ask(subject, { refereeEmail: referee, refereeName: 'Sam', relationship: 'flatmate' }))
        .statusCode,
    ).toBe(409)
  })

  test('an expired link is gone; own address, unverified callers and an eleventh request a day are refused', async () => {
    const subject = await signUpVerified(t)
    const { token } = await requestToken(subject, `late-${Date.now()}@example.com`)
    await t.database.db.execute(sql`update reference_request set expires_at = now() - interval '1 second'`)
    expect((await answer(token)).statusCode).toBe(410)

    const own = await ask(subject, {
      refereeEmail: subject.email.toUpperCase(),
      refereeName: 'Me',
      relationship: 'landlord',
    })
    expect(own.statusCode).toBe(400)
    const unverified = await signUp(t.app)
    const refused = await ask(unverified, {
      refereeEmail: 'x@example.com',
      refereeName: 'X',
      relationship: 'landlord',
    })
    expect(refused.statusCode).toBe(403)

    for (let i = 1; i < 10; i++)
      expect(
        (
          await ask(subject, {
            refereeEmail: `r${i}-${Date.now()}@example.com`,
            refereeName: 'R',
            relationship: 'landlord',
          })
        ).statusCode,
      ).toBe(201)
    const eleventh = await ask(subject, {
      refereeEmail: `r11@example.com`,
      refereeName: 'R',
      relationship: 'landlord',
    })
    expect(eleventh.statusCode).toBe(429)
  })
})
