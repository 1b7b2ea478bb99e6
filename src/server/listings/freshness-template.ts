import { escapeHtml, greeting, type RenderedMail } from '../mail/mail-templates.ts'
import { personText } from '../mail/person-text.ts'

/**
 * The one mail a listing's owner gets 30 days after they last confirmed it: one click on the link confirms it;
 * without that it turns Not Available in 7 days. `name` and `title` are given only for an address its owner has
 * verified: whoever signs up with someone else's address chooses both (docs/decisions/035); without them the mail
 * asks about "your listing", and the link names which.
 */
export function renderFreshnessMail(input: {
  name?: string
  title?: string
  link: string
  siteName: string
  baseUrl: string
}): RenderedMail {
  const { name, link, siteName, baseUrl } = input
  const title = input.title === undefined ? '' : personText(input.title)
  const subject = title ? `Is “${title}” still available?` : `Is your listing on ${siteName} still available?`
  const listing = title ? `your listing “${title}”` : 'your listing'
  const ask = `You last confirmed ${listing} on ${siteName} 30 days ago. If the room is still free, one click keeps it listed:`
  const after = `If you don't, it will show as Not Available in 7 days (you can make it available again at any time).`
  const text = [greeting(name), '', ask, link, '', after, '', `The ${siteName} team`, baseUrl, ''].join('\n')
  const html = `<!doctype html>
<html lang="en"><body style="font-family:sans-serif;line-height:1.5;color:#1f2937;max-width:36rem;margin:auto;padding:1rem">
<p>${escapeHtml(greeting(name))}</p>
<p>${escapeHtml(ask)}</p>
<p><a href="${escapeHtml(link)}" style="display:inline-block;background:#1d4ed8;color:#ffffff;padding:0.6rem 1rem;border-radius:0.4rem;text-decoration:none">Still available</a></p>
<p style="font-size:0.9rem">${escapeHtml(after)}</p>
<p>${escapeHtml(`The ${siteName} team`)}<br><a href="${escapeHtml(baseUrl)}">${escapeHtml(baseUrl)}</a></p>
</body></html>
`
  return { subject, text, html }
}
