import { expect, test, type Page } from '@playwright/test'
import { createListingViaApi, signedInPage, uniqueToken } from '../support/api.ts'
import { expectNoSeriousViolationsEverywhere } from '../support/axe.ts'
import { linkFromMail } from '../support/mail.ts'

// Viewings, two people in two browsers: the poster offers times, the seeker books one from their conversation,
// both see it in Viewings and in the conversation, the seeker cancels and both see that too.

async function verifyEmail(page: Page, email: string) {
  await page.goto(await linkFromMail(email, /Confirm your e-mail/))
  await expect(page.getByRole('heading', { name: /verified/i })).toBeVisible()
}

test('poster sets times, the seeker books from the conversation, both see it, the seeker cancels', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000)
  const poster = await signedInPage(browser, baseURL!)
  const seeker = await signedInPage(browser, baseURL!)
  const title = `Room ${uniqueToken()}`
  const listingId = await createListingViaApi(poster.context.request, baseURL!, { title })
  await verifyEmail(seeker.page, seeker.user.email)
  const started = await seeker.context.request.post('/api/conversations', {
    headers: { origin: baseURL!, 'content-type': 'application/json' },
    data: { listingId, body: 'Could I come and see the room?' },
  })
  const { conversationId } = (await started.json()) as { conversationId: string }

  // The poster opens the editor from My Listings; a zone the server doesn't know is refused beside its field.
  await poster.page.goto('/dashboard/my-listing')
  await poster.page
    .getByRole('link', { name: `Viewing times of ${title}` })
    .first()
    .click()
  await expect(poster.page.getByRole('heading', { name: `Viewing times for ${title}` })).toBeVisible()
  await expect(poster.page.getByLabel('Time zone')).not.toHaveValue('')
  await expectNoSeriousViolationsEverywhere(poster.page, { screenshot: 'viewing-times' })
  await poster.page.getByLabel('Time zone').fill('Mars/Olympus')
  await poster.page.getByRole('button', { name: 'Save viewing times' }).click()
  await expect(poster.page.getByLabel('Time zone')).toHaveAccessibleDescription(/must be an IANA time zone/)
  await poster.page.getByLabel('Time zone').fill('Europe/Berlin')
  await poster.page.getByLabel('Meeting point').fill('Ring at flat 3')
  await poster.page.getByRole('button', { name: 'Save viewing times' }).click()
  await expect(poster.page.getByRole('status').filter({ hasText: 'Viewing times saved.' })).toBeVisible()

  // The seeker books the first free time from their conversation; the poster watches the same conversation.
  await poster.page.goto(`/dashboard/messages/${conversationId}`)
  await seeker.page.goto(`/dashboard/messages/${conversationId}`)
  await expect(seeker.page.getByText('Times are in Europe/Berlin time.')).toBeVisible()
  await expect(poster.page.getByRole('heading', { name: 'Book a viewing' })).toHaveCount(0)
  await expectNoSeriousViolationsEverywhere(seeker.page, { screenshot: 'viewing-slot-picker' })
  await seeker.page
    .getByRole('button', { name: /^Book / })
    .first()
    .click()
  await expect(seeker.page.getByRole('status').filter({ hasText: /^Booked:/ })).toBeVisible()
  await expect(
    seeker.page.getByText('Never pay anything before you have seen the room and met.'),
  ).toBeVisible()
  for (const side of [seeker, poster])
    await expect(side.page.getByRole('log').getByText('Viewing booked')).toBeVisible()
  await expect(poster.page.getByRole('log').getByText(/\(Europe\/Berlin time\), in person\./)).toBeVisible()

  // The listing's details show the seeker their booking too.
  const details = await seeker.context.newPage()
  await details.goto(`/dashboard/browse-listing-details/${listingId}`)
  await expect(details.getByRole('heading', { name: 'Your viewing' })).toBeVisible()
  await details.close()

  // Before any viewing has taken place, a message asking for money reaches the seeker with a warning.
  await poster.page.getByLabel('Your message').fill('Please send the deposit by bank transfer first.')
  await poster.page.getByRole('button', { name: 'Send', exact: true }).click()
  await expect(
    seeker.page.getByRole('note').filter({ hasText: 'This message asks for money.' }),
  ).toBeVisible()

  // Both have it in Viewings: the seeker with the meeting point, the poster with who is coming.
  await seeker.page.goto('/dashboard/viewings')
  const seekerCard = seeker.page.getByRole('listitem').filter({ hasText: title })
  await expect(seekerCard.getByText('Ring at flat 3')).toBeVisible()
  await expect(seekerCard.getByRole('link', { name: 'Add to calendar (.ics)' })).toBeVisible()
  await expectNoSeriousViolationsEverywhere(seeker.page, { screenshot: 'viewings' })
  await poster.page.goto('/dashboard/viewings')
  const posterCard = poster.page.getByRole('listitem').filter({ hasText: title })
  await expect(posterCard.getByText(seeker.user.name, { exact: true })).toBeVisible()
  await expect(posterCard.getByText('Booked', { exact: true })).toBeVisible()

  // The seeker shares the viewing with someone they trust, who needs no account; then turns the link off.
  await seekerCard.getByRole('button', { name: 'Share with someone I trust' }).click()
  const link = seekerCard.getByLabel(/Link for someone you trust/)
  await expect(link).toHaveValue(/\/shared-viewing\/[\w-]{43}$/)
  const trusted = await browser.newPage({ baseURL })
  await trusted.goto(await link.inputValue())
  await expect(trusted.getByRole('heading', { name: 'A viewing shared with you' })).toBeVisible()
  await expect(trusted.getByText(title)).toBeVisible()
  await expect(trusted.getByText('Ring at flat 3')).toBeVisible()
  await expect(trusted.getByText(poster.user.name)).toBeVisible()
  await expectNoSeriousViolationsEverywhere(trusted, { screenshot: 'shared-viewing' })
  await seekerCard.getByRole('button', { name: 'Stop sharing' }).click()
  await expect(seekerCard.getByRole('status').filter({ hasText: 'The link no longer works.' })).toBeVisible()
  await trusted.reload()
  await expect(
    trusted.getByRole('alert').filter({ hasText: 'This link doesn’t work any more' }),
  ).toBeVisible()
  await trusted.close()

  // The seeker cancels with a reason; both see it cancelled.
  await seekerCard.getByLabel('Reason for cancelling (optional)').fill('Something came up')
  await seekerCard.getByRole('button', { name: 'Cancel viewing' }).click()
  await expect(seekerCard.getByText('Cancelled by the visitor: “Something came up”')).toBeVisible()
  await poster.page.reload()
  await expect(posterCard.getByText('Cancelled by the visitor: “Something came up”')).toBeVisible()
  await poster.page.goto(`/dashboard/messages/${conversationId}`)
  await expect(poster.page.getByRole('log').getByText('Viewing cancelled')).toBeVisible()
  await expect(poster.page.getByRole('log').getByText(/Cancelled by .*: “Something came up”/)).toBeVisible()

  await seeker.context.close()
  await poster.context.close()
})
