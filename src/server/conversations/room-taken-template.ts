import {
  escapeHtml,
  greeting,
  htmlMail,
  mailButton,
  textSignature,
  type RenderedMail,
} from '../mail/mail-templates.ts'
import { personText } from '../mail/person-text.ts'

/**
 * The one mail a person gets when the room they asked about (or the room-wanted ad they wrote to) is no longer on
 * offer (docs/decisions/086). It names it, never why: taken, hidden or deleted read the same (decision 084).
 */
export function renderRoomTakenMail(input: {
  kind: 'listing' | 'seeker_ad'
  name: string
  title: string | null
  link: string
  siteName: string
  baseUrl: string
}): RenderedMail {
  const { kind, name, link, siteName, baseUrl } = input
  const title = input.title === null ? '' : personText(input.title)
  const thing = kind === 'listing' ? 'The room' : 'The room-wanted ad'
  const named = title ? `${thing} “${title}”` : `${thing} you asked about`
  const subject = title
    ? `“${title}” is no longer available`
    : `${thing} you asked about is no longer available`
  const what =
    kind === 'listing'
      ? `${named} is no longer available on ${siteName}. Your conversation stays there for you to read.`
      : `${named} is no longer up on ${siteName}. Your conversation stays there for you to read.`
  const text = [greeting(name), '', what, '', link, '', ...textSignature(siteName, baseUrl)].join('\n')
  const html = htmlMail(
    `<p>${escapeHtml(greeting(name))}</p>
<p>${escapeHtml(what)}</p>
${mailButton(link, 'Open the conversation')}`,
    siteName,
    baseUrl,
  )
  return { subject, text, html }
}
