import TLD_LIST from 'tlds' with { type: 'json' }
import { spelledPhone } from './spelled-digits.ts'

// What a message's text holds, for the contact shield and for showing it: plain text, with the links, e-mail
// addresses and phone numbers it contains found. Nothing here produces markup; the web app turns the parts into
// React text and, where allowed, links. No zod: the conversation page and the server both use it.

export type MessagePart =
  | { kind: 'text'; text: string }
  | { kind: 'link'; text: string; href: string }
  | { kind: 'email'; text: string }
  | { kind: 'phone'; text: string }

/** A contact found in a text: where it is, and what it is. A link may have a scheme no link is made of. */
export type FoundContact = { kind: 'link' | 'email' | 'phone'; start: number; text: string }

// Every top-level domain IANA delegates (the `tlds` package follows its list), so a domain anywhere counts.
const TLDS = new Set(TLD_LIST.filter((tld) => /^[a-z]+$/.test(tld)))

const EMAIL = String.raw`[a-z0-9._%+-]+@[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,}`
const LINK =
  String.raw`(?:\b[a-z][a-z0-9+.-]*:\/\/|www\.)[^\s<>"']+` +
  String.raw`|\b[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9-]+)*\.([a-z]{2,63})\b(?:\/[^\s<>"']*)?`
// Seven or more digits, with the separators people type between them.
const PHONE = String.raw`\+?\(?\d[\d\s().-]{5,}\d`
const PATTERN = new RegExp(`(${EMAIL})|(${LINK})|(${PHONE})`, 'gi')

// Not phone numbers, though they are digits and dashes: a day (2026-12-01, 01.12.2026) or a span of years.
const NOT_A_PHONE = /^(?:\d{4}-\d{2}-\d{2}|\d{1,2}[.-]\d{1,2}[.-]\d{4}|(?:19|20)\d\d\s*[-–]\s*(?:19|20)\d\d)$/
const TRAILING_PUNCTUATION = /[.,!?;:)\]]+$/

function digitCount(text: string): number {
  return text.replace(/\D/g, '').length
}

/**
 * Whether a name without a scheme is a domain: its last label is a top-level domain, and not a capitalised word
 * after a full stop with the space left out ("Tidy.Love cooking"), unless a path follows it. A mail client may
 * be bolder: `asMailClient` takes any listed domain, and any dotted name followed by a path.
 */
function isDomain(text: string, tld: string, asMailClient: boolean): boolean {
  const path = text.includes('/')
  if (asMailClient) return path || TLDS.has(tld.toLowerCase())
  return TLDS.has(tld.toLowerCase()) && (path || !/^[A-Z][a-z]+$/.test(tld))
}

/** Every link, e-mail address and phone number in `text`, in order (`asMailClient`: as isDomain says). */
export function findContacts(text: string, { asMailClient = false } = {}): FoundContact[] {
  const found: FoundContact[] = []
  for (const match of text.matchAll(PATTERN)) {
    let value = match[0]
    const kind: FoundContact['kind'] = match[1] ? 'email' : match[2] ? 'link' : 'phone'
    if (kind === 'link') {
      value = value.replace(TRAILING_PUNCTUATION, '')
      if (match[3] && !isDomain(value, match[3], asMailClient)) continue
    }
    if (kind === 'phone') {
      value = value.trim()
      const digits = digitCount(value)
      if (digits < 7 || digits > 15 || NOT_A_PHONE.test(value)) continue
    }
    found.push({ kind, start: match.index + match[0].indexOf(value), text: value })
  }
  return found
}

/** The address a found link opens: http(s) only, a scheme added where the text had none. */
function linkHref(text: string): string | undefined {
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(text) && !/^https?:\/\//i.test(text)) return undefined
  const withScheme = /^https?:\/\//i.test(text) ? text : `https://${text}`
  try {
    const url = new URL(withScheme)
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined
  } catch {
    return undefined
  }
}

/** A message's text in order, split into plain text and the contacts it holds (links only to http(s)). */
export function messageParts(body: string): MessagePart[] {
  const parts: MessagePart[] = []
  let plain = ''
  let last = 0
  for (const { kind, start, text } of findContacts(body)) {
    const href = kind === 'link' ? linkHref(text) : undefined
    if (kind === 'link' && !href) continue
    plain += body.slice(last, start)
    if (plain) parts.push({ kind: 'text', text: plain })
    plain = ''
    parts.push(kind === 'link' ? { kind, text, href: href! } : { kind, text })
    last = start + text.length
  }
  plain += body.slice(last)
  if (plain) parts.push({ kind: 'text', text: plain })
  return parts
}

/**
 * A text as the contact shield reads it: NFKC (full-width digits and letters become ASCII ones), every full stop
 * a plain one, "[dot]", " dot ", "[.]" and "[at]" as the characters they stand for, and a lone O or l beside digits
 * as 0 or 1.
 */
export function shieldForm(body: string): string {
  return body
    .normalize('NFKC')
    .replace(/[\u3002\uFF61\u2024\uFE52]/g, '.')
    .replace(/\s*[[({<]\s*(?:dot|\.)\s*[\])}>]\s*|\s+dot\s+(?=[a-z])/gi, '.')
    .replace(/\s*[[({<]\s*(?:at|@)\s*[\])}>]\s*/gi, '@')
    .replace(/(?<=\d[\s.-]?)[oOlI]+(?![a-zA-Z])|(?<![a-zA-Z])[oOlI]+(?=[\s.-]?\d)/g, (letters) =>
      letters.replace(/[oO]/g, '0').replace(/[lI]/g, '1'),
    )
}

/**
 * Whether a message holds a phone number (in digits or spelled out), an e-mail address or a link, however it is
 * written: what the contact shield looks for.
 */
export function holdsContact(body: string): boolean {
  const text = shieldForm(body)
  return findContacts(text).length > 0 || spelledPhone(text)
}
