import { escapeHtml, greeting, htmlMail, textSignature, type RenderedMail } from '../mail/mail-templates.ts'
import { personText } from '../mail/person-text.ts'

export type ViewingMailKind = 'booked' | 'cancelled' | 'reminder-24h' | 'reminder-2h'

const SAFETY =
  'Stay safe: meet in daylight, tell someone where you are going, and never pay anything before you have seen the room and met.'

/**
 * A viewing's mail to one of its two people. `name` and `title` only for an address its owner verified
 * (decision 067); `when` is the time in the listing's zone, as the calendar file has it.
 */
export function renderViewingMail(input: {
  kind: ViewingMailKind
  name?: string
  title?: string
  when: string
  link: string
  siteName: string
  baseUrl: string
}): RenderedMail {
  const { kind, name, when, link, siteName, baseUrl } = input
  const what = input.title ? `the viewing of “${personText(input.title)}”` : `your viewing on ${siteName}`
  const [subject, line] = {
    booked: [
      `Viewing booked: ${when}`,
      `You have booked ${what} for ${when}. The calendar file is attached.`,
    ],
    cancelled: [`Viewing cancelled: ${when}`, `${capital(what)} on ${when} was cancelled.`],
    'reminder-24h': [`Tomorrow: viewing at ${when}`, `A reminder: ${what} is in 24 hours, at ${when}.`],
    'reminder-2h': [`In two hours: viewing at ${when}`, `A reminder: ${what} is in two hours, at ${when}.`],
  }[kind] as [string, string]
  const text = [
    greeting(name),
    '',
    line,
    '',
    SAFETY,
    '',
    `See it: ${link}`,
    '',
    ...textSignature(siteName, baseUrl),
  ]
  const html = htmlMail(
    `<p>${escapeHtml(greeting(name))}</p><p>${escapeHtml(line)}</p><p>${escapeHtml(SAFETY)}</p>`,
    siteName,
    baseUrl,
  )
  return { subject, text: text.join('\n'), html }
}

const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)
