// A listing's contact info: the spec's "contact", a page people can visit (a Facebook page or another web address),
// shown as a link. An e-mail address or a phone number typed there would become a broken link ("https://name@…"),
// so each is refused with a sentence that says where it belongs instead.

export const CONTACT_MESSAGES = {
  notAnAddress: 'Contact info must be a web address (http or https), such as facebook.com/your.page.',
  email:
    'That is an e-mail address. Contact info takes a web page people can visit, such as your Facebook page; ' +
    'Nestmate shows your account’s e-mail address to the people who like your listing.',
  phone:
    'That is a phone number: put it in the Phone number field, which people who like your listing see. ' +
    'Contact info takes a web page people can visit, such as your Facebook page.',
} as const

const EMAIL = /^(?:mailto:)?[^\s@/:]+@[^\s@/]+\.[^\s@/]+$/i
const PHONE = /^(?:tel:)?\+?[\d\s().-]+$/i

/** The contact as an http(s) link (https:// added when there is no scheme), or why it can't be one. */
export function checkContact(address: string): { url: string } | { error: string } {
  const trimmed = address.trim()
  if (EMAIL.test(trimmed)) return { error: CONTACT_MESSAGES.email }
  if (PHONE.test(trimmed) && trimmed.replace(/\D/g, '').length >= 5) return { error: CONTACT_MESSAGES.phone }
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(trimmed) ? trimmed : `https://${trimmed}`
  try {
    const url = new URL(withScheme)
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return { error: CONTACT_MESSAGES.notAnAddress }
    // "name@example.com/page" parses as a user name at a host: an e-mail address, not a page.
    if (url.username || url.password) return { error: CONTACT_MESSAGES.email }
    if (!url.hostname.includes('.') && url.hostname !== 'localhost')
      return { error: CONTACT_MESSAGES.notAnAddress }
    return { url: url.href }
  } catch {
    return { error: CONTACT_MESSAGES.notAnAddress }
  }
}
