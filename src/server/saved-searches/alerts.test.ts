import { sql } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { PATHS } from '#shared/api.ts'
import { useMailedApp } from '../test/accounts.ts'
import { BASE_URL, createListing, injectAs, sampleListing, signUp } from '../test/app.ts'
import { selectRows, testDatabaseKind } from '../test/database.ts'
import type { CapturedMail } from '../test/smtp-capture.ts'
import { verifiedUser } from '../routes/conversations/test-requests.ts'
import { ALERT_WINDOW_MS, DIGEST_EVERY_MS } from './alerts.ts'
import { listAs, savedSearchOf, seenAs } from '../routes/saved-searches/test-requests.ts'

// Saved-search alerts as the job runner runs them (its clock moved for the digest), mailed to a real SMTP server.

const t = useMailedApp()
const BERLIN = 2950159
const KOEPENICK = 2885657 // ~14.6 km from Berlin
const LEEDS = 2644688

/** Runs the alert jobs of this kind as the runner would at its next minute, once the rooms' window has ended. */
async function runAlerts(kind: 'instant' | 'daily') {
  if (kind === 'instant') await t.app.jobs.moveClock(ALERT_WINDOW_MS)
  await t.app.jobs.send(`saved-search-${kind}`, {})
  await t.app.jobs.runDue(`saved-search-${kind}`)
}

/** The next alert mail to `email` (a sign-up's verification mail is passed over). */
async function alertMail(email: string, timeoutMs = 5000): Promise<CapturedMail> {
  for (;;) {
    const mail = await t.smtp.next(email, timeoutMs)
    if (/new room/.test(mail.subject ?? '')) return mail
  }
}
const noAlertMail = (email: string) => expect(alertMail(email, 300)).rejects.toThrow(/no mail/)

const unsubscribeLinkOf = (mail: CapturedMail) =>
  /Stop these mails for this search: (\S+)/.exec(mail.text ?? '')![1]!

describe(`saved-search alerts on ${testDatabaseKind}`, () => {
  test('an instant alert: one mail for the rooms posted in its minute, with the rooms, the search and RFC 8058 headers', async () => {
    const seeker = await verifiedUser(t)
    const poster = await signUp(t.app)
    const id = await savedSearchOf(t.app, seeker, `roomType=Single&maxRent=900&near=${BERLIN}&radiusKm=20`)
    const fits = await createListing(t.app, poster, {
      title: 'Sunny <single> in Köpenick',
      roomType: 'Single',
      rent: 700,
      placeId: KOEPENICK,
    })
    // A title is its poster's text: its line breaks can't start lines of the mail.
    const second = await createListing(t.app, poster, {
      title: 'Second\r\n\r\nfit',
      rent: 800,
      placeId: BERLIN,
    })
    await createListing(t.app, poster, { title: 'Too dear', rent: 950, placeId: BERLIN })
    await createListing(t.app, poster, { title: 'Too far', rent: 500, placeId: LEEDS })
    await createListing(t.app, poster, { title: 'A studio', roomType: 'Studio', rent: 500, placeId: BERLIN })
    // The seeker's own room fits but is never news to them.
    await createListing(t.app, seeker, { title: 'My own room', rent: 500, placeId: BERLIN })

    await runAlerts('instant')
    const mail = await alertMail(seeker.email)
    expect(mail.subject).toBe('2 new rooms for “My search” on Nestmate')
    expect(mail.text).toContain('2 new rooms fit your saved search “My search”:')
    expect(mail.text).toContain(`Sunny <single> in Köpenick, `)
    expect(mail.text).toContain('\n- Second fit, Berlin, Germany, $800/month: ')
    expect(mail.text).toContain(`${BASE_URL}${PATHS.details(fits)}`)
    expect(mail.text).toContain(`${BASE_URL}${PATHS.details(second)}`)
    expect(mail.text).toMatch(/\$700\/month/)
    expect(mail.text).not.toMatch(/Too dear|Too far|A studio|My own room/)
    expect(mail.html).toContain('Sunny &#60;single&#62; in Köpenick')
    // The search's link opens its browse view and names the search, for browse to mark it seen (decision 057).
    const searchLink = new URL(/See them all: (\S+)/.exec(mail.text!)![1]!)
    expect(searchLink.href).toBe(
      `${BASE_URL}${PATHS.browse}?roomType=Single&maxRent=900&near=${BERLIN}&radiusKm=20&savedSearch=${id}`,
    )
    // As the mail client reads them, from the message itself (a long header is folded over lines).
    const headers = mail.rawText.split('\r\n\r\n')[0]!.replace(/\r\n[ \t]+/g, ' ')
    expect(headers).toMatch(
      /^List-Unsubscribe: <http:\/\/localhost:3000\/api\/saved-searches\/unsubscribe\?token=[^>\s]+>\r?$/m,
    )
    expect(headers).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m)

    // Run again: nothing new, nothing twice. The search counts its two new rooms until it is opened.
    await runAlerts('instant')
    await noAlertMail(seeker.email)
    // Opened from the mail, it is seen: browse's call with the link's id, as its owner (anyone else changes nothing).
    expect((await listAs(t.app, seeker)).json()[0].newCount).toBe(2)
    const opened = searchLink.searchParams.get('savedSearch')!
    expect((await seenAs(t.app, poster, opened)).statusCode).toBe(404)
    expect((await seenAs(t.app, null, opened)).statusCode).toBe(401)
    expect((await listAs(t.app, seeker)).json()[0].newCount).toBe(2)
    expect((await seenAs(t.app, seeker, opened)).json().savedSearch.newCount).toBe(0)
    expect((await listAs(t.app, seeker)).json()[0].newCount).toBe(0)

    // A room turned Available again is new to the search once more only if it never was: this one was.
    const edit = (availability: string) =>
      injectAs(t.app, poster, {
        method: 'PUT',
        url: `/api/roommate-listings/${second}`,
        payload: sampleListing({ title: 'Second fit', rent: 800, placeId: BERLIN, availability }),
      })
    expect((await edit('Not Available')).statusCode).toBe(200)
    expect((await edit('Available')).statusCode).toBe(200)
    await runAlerts('instant')
    await noAlertMail(seeker.email)
  })

  test('a title carries no link into the alert: its web address becomes a note, in the text and the HTML', async () => {
    const seeker = await verifiedUser(t)
    const poster = await signUp(t.app)
    await savedSearchOf(t.app, seeker, `near=${BERLIN}&radiusKm=20`)
    await createListing(t.app, poster, {
      title: 'Sunny room: book at https://nestmate-help.example/login',
      placeId: BERLIN,
    })
    await runAlerts('instant')
    const mail = await alertMail(seeker.email)
    expect(mail.text).toContain('\n- Sunny room: book at [link removed], Berlin, Germany, ')
    expect(mail.html).toContain('>Sunny room: book at [link removed]</a>')
    for (const part of [mail.subject, mail.text, mail.html]) expect(part).not.toMatch(/nestmate-help/)
  })

  test('a room turned Available is news; nothing goes to an unverified address or a search whose alert is off', async () => {
    const seeker = await verifiedUser(t)
    const unverified = await signUp(t.app)
    const quiet = await verifiedUser(t)
    const poster = await signUp(t.app)
    const token = `turned${Date.now()}`
    await savedSearchOf(t.app, seeker, `q=${token}`)
    await savedSearchOf(t.app, unverified, `q=${token}`)
    await savedSearchOf(t.app, quiet, `q=${token}`, 'off')
    const listing = await createListing(t.app, poster, { title: token, availability: 'Not Available' })
    await runAlerts('instant')
    await noAlertMail(seeker.email)
    const turned = await injectAs(t.app, poster, {
      method: 'PUT',
      url: `/api/roommate-listings/${listing}`,
      payload: sampleListing({ title: token, availability: 'Available' }),
    })
    expect(turned.statusCode).toBe(200)
    await runAlerts('instant')
    const one = await alertMail(seeker.email)
    expect(one.subject).toMatch(/^1 new room for/)
    expect(one.text).toContain('1 new room fits your saved search')
    await noAlertMail(unverified.email)
    await noAlertMail(quiet.email)
    // Both still count it as new.
    expect((await listAs(t.app, quiet)).json()[0].newCount).toBe(1)
  })

  test('a room moderation hid is news to nobody, even when its poster turns it Available', async () => {
    const seeker = await verifiedUser(t)
    const poster = await signUp(t.app)
    const token = `hidden${Date.now()}`
    await savedSearchOf(t.app, seeker, `q=${token}`)
    const listing = await createListing(t.app, poster, { title: token, availability: 'Not Available' })
    await selectRows(t.database, sql`update listing set hidden_reason = 'moderator' where id = ${listing}`)
    const turned = await injectAs(t.app, poster, {
      method: 'PUT',
      url: `/api/roommate-listings/${listing}`,
      payload: sampleListing({ title: token, availability: 'Available' }),
    })
    expect(turned.statusCode).toBe(200)
    await runAlerts('instant')
    await noAlertMail(seeker.email)
    expect((await listAs(t.app, seeker)).json()[0].newCount).toBe(0)
  })

  test('a room matched, then hidden by moderation, no longer counts as new (issue 41, finding 8)', async () => {
    const seeker = await verifiedUser(t)
    const poster = await signUp(t.app)
    const token = `hidlater${Date.now()}`
    await savedSearchOf(t.app, seeker, `q=${token}`, 'off')
    const listing = await createListing(t.app, poster, { title: token })
    await runAlerts('instant')
    expect((await listAs(t.app, seeker)).json()[0].newCount).toBe(1)
    await selectRows(t.database, sql`update listing set hidden_reason = 'moderator' where id = ${listing}`)
    expect((await listAs(t.app, seeker)).json()[0].newCount).toBe(0)
  })

  test('a daily digest: one a day when something is new, at most 10 rooms and "and N more"', async () => {
    const seeker = await verifiedUser(t)
    const poster = await signUp(t.app)
    const token = `daily${Date.now()}`
    await savedSearchOf(t.app, seeker, `q=${token}`, 'daily')
    for (let i = 0; i < 12; i++) await createListing(t.app, poster, { title: `${token} room ${i}` })
    // Not a day since the search was saved: no digest yet, and the instant run sends none.
    await runAlerts('daily')
    await runAlerts('instant')
    await noAlertMail(seeker.email)

    await t.app.jobs.moveClock(DIGEST_EVERY_MS + 60_000)
    await runAlerts('daily')
    const digest = await alertMail(seeker.email)
    expect(digest.subject).toBe(`12 new rooms for “My search” on Nestmate`)
    expect(digest.text!.match(/room \d+, /g)).toHaveLength(10)
    expect(digest.text).toContain('… and 2 more.')
    // Nothing new since: no digest the next day either.
    await t.app.jobs.moveClock(DIGEST_EVERY_MS + 60_000)
    await runAlerts('daily')
    await noAlertMail(seeker.email)
  })

  test('one-click unsubscribe: a GET changes nothing, the POST turns that search’s alert off, a forged token does nothing', async () => {
    const seeker = await verifiedUser(t)
    const poster = await signUp(t.app)
    const token = `unsub${Date.now()}`
    const id = await savedSearchOf(t.app, seeker, `q=${token}`)
    const other = await savedSearchOf(t.app, seeker, `q=${token}x`)
    await createListing(t.app, poster, { title: token })
    await runAlerts('instant')
    const mail = await alertMail(seeker.email)
    const visible = unsubscribeLinkOf(mail)
    expect(visible).toMatch(new RegExp(`^${BASE_URL}${PATHS.unsubscribe}\\?token=`))
    const signed = new URL(visible).searchParams.get('token')!
    const url = `/api/saved-searches/unsubscribe?token=${encodeURIComponent(signed)}`

    // A mail scanner's GET: the page's question, no change.
    const looked = await t.app.inject({ method: 'GET', url })
    expect(looked.json()).toEqual({ name: 'My search', alert: 'instant' })
    // The same token with another search's id, or altered: refused.
    const forged = signed.replace(id, other)
    for (const bad of [forged, `${signed}x`, 'nonsense'])
      expect(
        (
          await t.app.inject({
            method: 'POST',
            url: `/api/saved-searches/unsubscribe?token=${encodeURIComponent(bad)}`,
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            payload: 'List-Unsubscribe=One-Click',
          })
        ).statusCode,
      ).toBe(404)

    // The mail client's one-click POST: cross-site, a form, no session. 200, no redirect.
    const clicked = await t.app.inject({
      method: 'POST',
      url,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: 'https://mail.example.net',
        'sec-fetch-site': 'cross-site',
      },
      payload: 'List-Unsubscribe=One-Click',
    })
    expect(clicked.statusCode).toBe(200)
    expect(clicked.json()).toEqual({ name: 'My search', alert: 'off' })
    const alerts = await selectRows<{ id: string; alert: string }>(
      t.database,
      sql`select id, alert from saved_search where user_id = ${seeker.id} order by alert`,
    )
    expect(alerts).toEqual(
      expect.arrayContaining([
        { id, alert: 'off' },
        { id: other, alert: 'instant' },
      ]),
    )
    await createListing(t.app, poster, { title: `${token} again` })
    await runAlerts('instant')
    await noAlertMail(seeker.email)
  })
})
