import { formatRent } from '#shared/format.ts'
import { escapeHtml, greeting, type RenderedMail } from '../mail/mail-templates.ts'
import { personText } from '../mail/person-text.ts'

/** A room as an alert shows it: title, place, rent and cover (an absolute address, or null). */
export type AlertListing = {
  id: string
  title: string
  place: string
  rent: number
  cover: string | null
  link: string
}

/**
 * A saved search's alert (sent to verified addresses only, so it greets by name): the rooms new to it (at most the
 * first `shown`, then "and N more"), a link opening the search, and the visible half of its one-click unsubscribe
 * (the other is the mail's List-Unsubscribe header).
 */
export function renderSavedSearchMail(input: {
  name: string
  searchName: string
  listings: AlertListing[]
  total: number
  searchLink: string
  unsubscribeLink: string
  siteName: string
  baseUrl: string
  currency: string
}): RenderedMail {
  const { name, total, searchLink, unsubscribeLink, siteName, baseUrl } = input
  // Titles and places are their posters' text, the search's name its owner's: each as personText makes it.
  const searchName = personText(input.searchName)
  const listings = input.listings.map((listing) => ({
    ...listing,
    title: personText(listing.title),
    place: personText(listing.place),
  }))
  const rooms = total === 1 ? '1 new room' : `${total} new rooms`
  // The verb agrees with the count: "1 new room fits", "2 new rooms fit".
  const fit = total === 1 ? 'fits' : 'fit'
  const subject = `${rooms} for “${searchName}” on ${siteName}`
  const more = total - listings.length
  const rent = (listing: AlertListing) => `${formatRent(listing.rent, input.currency)}/month`
  const text = [
    greeting(name),
    '',
    `${rooms} ${fit} your saved search “${searchName}”:`,
    ...listings.map((listing) => `- ${listing.title}, ${listing.place}, ${rent(listing)}: ${listing.link}`),
    ...(more > 0 ? [`… and ${more} more.`] : []),
    '',
    `See them all: ${searchLink}`,
    '',
    `Stop these mails for this search: ${unsubscribeLink}`,
    '',
    `The ${siteName} team`,
    baseUrl,
    '',
  ].join('\n')
  const card = (listing: AlertListing) => `<tr>
<td style="padding:0.5rem 0.75rem 0.5rem 0;vertical-align:top;width:120px">${
    listing.cover
      ? `<img src="${escapeHtml(listing.cover)}" alt="" width="120" style="display:block;border-radius:0.4rem">`
      : ''
  }</td>
<td style="padding:0.5rem 0;vertical-align:top"><a href="${escapeHtml(listing.link)}" style="font-weight:bold;color:#1d4ed8">${escapeHtml(listing.title)}</a><br>${escapeHtml(listing.place)}<br>${escapeHtml(rent(listing))}</td>
</tr>`
  const html = `<!doctype html>
<html lang="en"><body style="font-family:sans-serif;line-height:1.5;color:#1f2937;max-width:36rem;margin:auto;padding:1rem">
<p>${escapeHtml(greeting(name))}</p>
<p>${escapeHtml(`${rooms} ${fit} your saved search “${searchName}”:`)}</p>
<table role="presentation" style="border-collapse:collapse">${listings.map(card).join('')}</table>
${more > 0 ? `<p>${escapeHtml(`… and ${more} more.`)}</p>` : ''}
<p><a href="${escapeHtml(searchLink)}" style="display:inline-block;background:#1d4ed8;color:#ffffff;padding:0.6rem 1rem;border-radius:0.4rem;text-decoration:none">See them all</a></p>
<p style="font-size:0.9rem"><a href="${escapeHtml(unsubscribeLink)}">Stop these mails for this search</a></p>
<p>${escapeHtml(`The ${siteName} team`)}<br><a href="${escapeHtml(baseUrl)}">${escapeHtml(baseUrl)}</a></p>
</body></html>
`
  return { subject, text, html }
}
