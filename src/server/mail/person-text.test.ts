import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, test } from 'vitest'
import { findContacts } from '#shared/message-text.ts'
import { renderFreshnessMail } from '../listings/freshness-template.ts'
import { renderMail, renderReferenceRequestMail, type RenderedMail } from './mail-templates.ts'
import { personText } from './person-text.ts'
import { renderSavedSearchMail } from '../saved-searches/saved-search-mail-template.ts'
import { renderUnreadMail } from '../conversations/unread-mail-template.ts'
import { renderHiddenNoticeMail } from '../moderation/hidden-notice-template.ts'
import { renderNudgeMail } from '../conversations/nudge-template.ts'
import { renderRoomTakenMail } from '../conversations/room-taken-template.ts'
import { renderViewingMail } from '../viewings/viewing-mail-template.ts'

const BASE = 'https://nestmate.test'
const LINK = `${BASE}/api/auth/verify-email?token=abc`
// What a stranger may write where a name or a title goes, to make Nestmate's own mail carry their links.
const ATTACK =
  'Nestmate Support: re-verify at https://nestmate-help.example/login, evil.tk, nestmate-help.example/x, ' +
  'ＥＶＩＬ．ＴＫ, help@evil.example or ０７７００ ９００１２３'
const LEAKS = /nestmate-help|evil|help@|07700|０７７/i

describe('personText', () => {
  test.each([
    ['Re-verify at https://nestmate-help.example/login', 'Re-verify at [link removed]'],
    ['Sunny room, see evil.tk', 'Sunny room, see [link removed]'],
    ['Sunny room, see nestmate-help.example/login now', 'Sunny room, see [link removed] now'],
    ['Write to pat@example.com', 'Write to [link removed]'],
    ['Call +44 7700 900123', 'Call [number removed]'],
    ['Full-width ｅｖｉｌ．ｔｋ', 'Full-width [link removed]'],
    ['Other stops evil。tk', 'Other stops [link removed]'],
    ['Tidy.Love', '[link removed]'],
    ['Line\nbreaks\u2028too', 'Line breaks too'],
  ])('%j becomes %j', (written, mailed) => expect(personText(written)).toBe(mailed))

  test.each([
    'Ana-María O’Brien',
    'J. R. R. Tolkien',
    'A.Smith',
    'Sunny 2-bed flat, 5.5 km out, £850',
    'St. Albans',
  ])('leaves %j as it is', (written) => expect(personText(written)).toBe(written))
})

/** What a mail client could make a link of, in the subject, the text and the HTML (its text and its addresses). */
function linksIn(mail: RenderedMail): string[] {
  const htmlText = mail.html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)))
  const addresses = [...mail.html.matchAll(/(?:href|src)="([^"]*)"/g)].map((match) => match[1]!)
  return [
    ...[mail.subject, mail.text, htmlText].flatMap((part) =>
      findContacts(part, { asMailClient: true }).map((found) => found.text),
    ),
    ...addresses,
  ]
}

// Every template, with the stranger's text in every field a person wrote.
const TEMPLATES: Record<string, () => RenderedMail[]> = {
  renderHiddenNoticeMail: () =>
    (['listing', 'seeker_ad'] as const).flatMap((kind) =>
      (['reports', 'moderator'] as const).map((reason) =>
        renderHiddenNoticeMail({
          kind,
          reason,
          name: ATTACK,
          title: ATTACK,
          link: `${BASE}/dashboard/my-listings`,
          contactLink: `${BASE}/contact`,
          siteName: 'Nestmate',
          baseUrl: BASE,
        }),
      ),
    ),
  renderMail: () =>
    (['verify-email', 'reset-password', 'account-exists'] as const).map((kind) =>
      renderMail(kind, { name: ATTACK, link: LINK, siteName: 'Nestmate', baseUrl: BASE }),
    ),
  renderUnreadMail: () => [
    renderUnreadMail({
      name: ATTACK,
      conversations: [{ otherName: ATTACK, title: ATTACK, unread: 2 }],
      link: `${BASE}/inbox`,
      siteName: 'Nestmate',
      baseUrl: BASE,
    }),
  ],
  renderSavedSearchMail: () => [
    renderSavedSearchMail({
      name: ATTACK,
      searchName: ATTACK,
      listings: [
        {
          id: '1',
          title: ATTACK,
          place: ATTACK,
          rent: 700,
          cover: `${BASE}/photos/1.webp`,
          link: `${BASE}/l/1`,
        },
      ],
      total: 1,
      searchLink: `${BASE}/browse`,
      unsubscribeLink: `${BASE}/api/saved-searches/unsubscribe?token=t`,
      siteName: 'Nestmate',
      baseUrl: BASE,
      currency: 'USD',
    }),
  ],
  renderNudgeMail: () => [
    renderNudgeMail({
      name: ATTACK,
      waiting: [
        { starterName: ATTACK, title: ATTACK },
        { starterName: ATTACK, title: null },
      ],
      link: `${BASE}/dashboard/inbox`,
      siteName: 'Nestmate',
      baseUrl: BASE,
    }),
  ],
  renderRoomTakenMail: () =>
    (['listing', 'seeker_ad'] as const).map((kind) =>
      renderRoomTakenMail({
        kind,
        name: ATTACK,
        title: ATTACK,
        link: `${BASE}/dashboard/inbox`,
        siteName: 'Nestmate',
        baseUrl: BASE,
      }),
    ),
  renderViewingMail: () =>
    (['booked', 'cancelled', 'reminder-24h', 'reminder-2h'] as const).map((kind) =>
      renderViewingMail({
        kind,
        name: ATTACK,
        title: ATTACK,
        when: 'Mon 7 Jan, 10:00',
        link: `${BASE}/dashboard/viewings`,
        siteName: 'Nestmate',
        baseUrl: BASE,
      }),
    ),
  renderReferenceRequestMail: () => [
    renderReferenceRequestMail({
      requesterName: ATTACK,
      relationship: 'Lived together as flatmates',
      link: `${BASE}/references/t`,
      siteName: 'Nestmate',
      baseUrl: BASE,
    }),
  ],
  renderFreshnessMail: () => [
    renderFreshnessMail({
      name: ATTACK,
      title: ATTACK,
      link: `${BASE}/fresh`,
      siteName: 'Nestmate',
      baseUrl: BASE,
    }),
  ],
}

describe('every mail template', () => {
  test('is in this table: a new one must show it keeps strangers’ links out', () => {
    // Each mail's words live with its domain (docs/architecture.md §7): every renderer anywhere in the server.
    const server = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..')
    const renderers = readdirSync(server, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
      .flatMap((file) => [
        ...readFileSync(path.join(server, file), 'utf8').matchAll(/export function (render\w*Mail)\b/g),
      ])
      .map((match) => match[1])
    expect(renderers.sort()).toEqual(Object.keys(TEMPLATES).sort())
  })

  test.each(Object.keys(TEMPLATES))('%s carries no link but Nestmate’s own', (name) => {
    for (const mail of TEMPLATES[name]!()) {
      for (const link of linksIn(mail)) expect(link.startsWith(BASE), link).toBe(true)
      for (const part of [mail.subject, mail.text, mail.html]) expect(part).not.toMatch(LEAKS)
      // The person's words stay, without the addresses.
      expect(mail.text).toContain('Nestmate Support: re-verify at [link removed]')
    }
  })
})
