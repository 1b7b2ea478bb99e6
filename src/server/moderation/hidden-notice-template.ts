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
 * The one mail the owner of a listing or room-wanted ad gets when it is hidden (decision 084): who hid it, and a
 * link to their own page, which says why and how to ask for a review. It carries no reporter's or moderator's
 * words. `name` and `title` only for an address its owner verified (decision 067): they are the owner's own words.
 */
export function renderHiddenNoticeMail(input: {
  kind: 'listing' | 'seeker_ad'
  reason: 'reports' | 'moderator'
  name?: string
  title?: string
  link: string
  contactLink: string
  siteName: string
  baseUrl: string
}): RenderedMail {
  const { kind, reason, name, link, contactLink, siteName, baseUrl } = input
  const title = input.title === undefined ? '' : personText(input.title)
  const thing = kind === 'listing' ? 'listing' : 'room-wanted ad'
  const yours = title ? `Your ${thing} “${title}”` : `Your ${thing} on ${siteName}`
  const subject = `${yours} is hidden`
  const why =
    reason === 'moderator'
      ? `${yours} was hidden by ${siteName}'s moderators. Nobody else sees it now.`
      : `${yours} is hidden while people's reports about it are looked at. Nobody else sees it now; a moderator will decide whether it is shown again.`
  const see = 'Your page says why and how to ask for a review:'
  const review = `If you think this is a mistake, ask for a review: ${contactLink}`
  const text = [
    greeting(name),
    '',
    why,
    '',
    see,
    link,
    '',
    review,
    '',
    ...textSignature(siteName, baseUrl),
  ].join('\n')
  const html = htmlMail(
    `<p>${escapeHtml(greeting(name))}</p>
<p>${escapeHtml(why)}</p>
${mailButton(link, 'See why')}
<p style="font-size:0.9rem">If you think this is a mistake, <a href="${escapeHtml(contactLink)}">ask for a review</a>.</p>`,
    siteName,
    baseUrl,
  )
  return { subject, text, html }
}
