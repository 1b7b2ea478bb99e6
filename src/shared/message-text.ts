// What a message's text holds, for the contact shield and for showing it: plain text, with the links, e-mail
// addresses and phone numbers it contains found. Nothing here produces markup; the web app turns the parts into
// React text and, where allowed, links. No zod: the conversation page and the server both use it.

export type MessagePart =
  | { kind: 'text'; text: string }
  | { kind: 'link'; text: string; href: string }
  | { kind: 'email'; text: string }
  | { kind: 'phone'; text: string }

// Top-level domains common enough in chat to mean a link without a scheme ("wa.me/…", "bit.ly/…", "site.com").
const TLDS =
  'com|net|org|info|biz|io|co|me|app|dev|ly|gl|link|site|online|xyz|uk|us|ca|au|de|fr|es|it|nl|ie|in|pk|bd|ru|br'
const EMAIL = String.raw`[a-z0-9._%+-]+@[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,}`
const LINK =
  String.raw`(?:https?:\/\/|www\.)[^\s<>"']+` +
  String.raw`|\b[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9-]+)*\.(?:${TLDS})\b(?:\/[^\s<>"']*)?`
// Seven or more digits, with the separators people type between them.
const PHONE = String.raw`\+?\(?\d[\d\s().-]{5,}\d`
const PATTERN = new RegExp(`(${EMAIL})|(${LINK})|(${PHONE})`, 'gi')

// Not phone numbers, though they are digits and dashes: a day (2026-12-01) or a span of years (2025-2026).
const NOT_A_PHONE = /^(?:\d{4}-\d{2}-\d{2}|(?:19|20)\d\d\s*[-–]\s*(?:19|20)\d\d)$/
const TRAILING_PUNCTUATION = /[.,!?;:)\]]+$/

function digitCount(text: string): number {
  return text.replace(/\D/g, '').length
}

/** The address a found link opens: http(s) only, a scheme added where the text had none. */
function linkHref(text: string): string | undefined {
  const withScheme = /^https?:\/\//i.test(text) ? text : `https://${text}`
  try {
    const url = new URL(withScheme)
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined
  } catch {
    return undefined
  }
}

/** A message's text in order, split into plain text and the contacts it holds. */
export function messageParts(body: string): MessagePart[] {
  const parts: MessagePart[] = []
  let plain = ''
  let last = 0
  for (const match of body.matchAll(PATTERN)) {
    let found = match[0]
    const start = match.index
    let kind: MessagePart['kind'] = match[1] ? 'email' : match[2] ? 'link' : 'phone'
    if (kind === 'link') found = found.replace(TRAILING_PUNCTUATION, '')
    if (kind === 'phone') {
      found = found.trim()
      const digits = digitCount(found)
      if (digits < 7 || digits > 15 || NOT_A_PHONE.test(found)) kind = 'text'
    }
    const href = kind === 'link' ? linkHref(found) : undefined
    if (kind === 'text' || (kind === 'link' && !href)) continue
    plain += body.slice(last, start)
    if (plain) parts.push({ kind: 'text', text: plain })
    plain = ''
    parts.push(kind === 'link' ? { kind, text: found, href: href! } : { kind, text: found })
    last = start + found.length
  }
  plain += body.slice(last)
  if (plain) parts.push({ kind: 'text', text: plain })
  return parts
}

/** Whether a message holds a phone number, an e-mail address or a link: what the contact shield looks for. */
export function holdsContact(body: string): boolean {
  return messageParts(body).some((part) => part.kind !== 'text')
}
