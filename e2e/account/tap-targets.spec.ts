import { expect, test, type Page } from '@playwright/test'
import { createListingViaApi, signedInPage, uniqueToken } from '../support/api.ts'
import { linkFromMail } from '../support/mail.ts'
import { expectTappableTargets } from '../support/tap-targets.ts'
import { WIDTHS } from '../public/helpers.ts'

// On a phone every control is big enough to tap, or has room around it: measured on the pages people use most
// with a thumb, signed in (the navbar, its menu, home and its carousel, a listing, a conversation, saved searches).

const json = (baseURL: string) => ({ origin: baseURL, 'content-type': 'application/json' })

async function verifyEmail(page: Page, email: string) {
  await page.goto(await linkFromMail(email, /Confirm your e-mail/))
  await expect(page.getByRole('heading', { name: /verified/i })).toBeVisible()
}

test('every control on the phone pages is at least 44×44 px or has 44 px around it', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000)
  const poster = await signedInPage(browser, baseURL!)
  const seeker = await signedInPage(browser, baseURL!)
  const listingId = await createListingViaApi(poster.context.request, baseURL!, {
    title: `Tap room ${uniqueToken()}`,
  })
  await verifyEmail(seeker.page, seeker.user.email)
  const started = await seeker.context.request.post('/api/conversations', {
    headers: json(baseURL!),
    data: { listingId, body: 'Hello! Is the room still free?' },
  })
  expect(started.status(), await started.text()).toBe(201)
  const { conversationId } = (await started.json()) as { conversationId: string }
  const saved = await seeker.context.request.post('/api/saved-searches', {
    headers: json(baseURL!),
    data: { name: 'Singles', query: 'roomType=Single', alert: 'daily' },
  })
  expect(saved.status(), await saved.text()).toBe(201)

  const { page } = poster
  await page.setViewportSize({ width: WIDTHS.phone, height: 844 })
  // Home, with the navbar signed in and the banner's carousel.
  await page.goto('/')
  await expect(page.getByRole('heading', { name: 'Featured Roommates Post' })).toBeVisible()
  await expect(page.getByRole('banner').getByRole('button', { name: 'Logout' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Go to slide 2' })).toBeVisible()
  await expectTappableTargets(page)
  // The navbar's menu, open.
  await page.getByRole('button', { name: /menu/i }).click()
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }),
  ).toBeVisible()
  await expectTappableTargets(page)

  // A conversation, as the poster who got the message.
  await page.goto(`/dashboard/messages/${conversationId}`)
  await expect(page.getByRole('log').getByText('Hello! Is the room still free?')).toBeVisible()
  await expectTappableTargets(page)
  // A keyboard shortcut is no help on a phone: it is offered on a wide screen only.
  await expect(page.getByLabel('Your message')).toBeVisible()
  await expect(page.getByText('Ctrl+Enter sends.')).toBeHidden()
  await page.setViewportSize({ width: WIDTHS.desktop, height: 844 })
  await expect(page.getByText('Ctrl+Enter sends.')).toBeVisible()

  // A listing's details and saved searches, as the seeker.
  const other = seeker.page
  await other.setViewportSize({ width: WIDTHS.phone, height: 844 })
  await other.goto(`/dashboard/browse-listing-details/${listingId}`)
  await expect(other.getByRole('button', { name: 'Report this listing' })).toBeVisible()
  await expectTappableTargets(other)
  await other.goto('/dashboard/saved-searches')
  const item = other.getByRole('listitem').filter({ hasText: 'Singles' })
  await item.getByText('Rename or delete').click()
  await expect(item.getByLabel('New name')).toBeVisible()
  await expectTappableTargets(other)
  await poster.context.close()
  await seeker.context.close()
})
