import { findContacts } from '#shared/message-text.ts'
import { plainText } from '#shared/text.ts'

const REMOVED = { link: '[link removed]', email: '[link removed]', phone: '[number removed]' }

/**
 * Text another person wrote (a name, a title, a place, a search's name), as Nestmate's own mail may carry it. One
 * plain line (decision 067): a line break or invisible character would let its writer start lines that read as
 * Nestmate's. NFKC, and nothing a mail client would make a link of (decision 075): each web address, bare domain,
 * e-mail address and phone number becomes "[link removed]" or "[number removed]", so every link in Nestmate's mail
 * is one Nestmate wrote.
 */
export function personText(value: string): string {
  // Length-preserving after NFKC, so the contacts' positions hold: the other full stops a client might read as one.
  const line = plainText(value.normalize('NFKC')).replace(/[\u3002\uFF61\u2024\uFE52]/g, '.')
  let out = ''
  let last = 0
  for (const { kind, start, text } of findContacts(line, { asMailClient: true })) {
    out += line.slice(last, start) + REMOVED[kind]
    last = start + text.length
  }
  return out + line.slice(last)
}
