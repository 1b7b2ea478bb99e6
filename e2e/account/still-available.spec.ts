import { expect, test } from '@playwright/test'
import { createListingViaApi, signedInPage, uniqueToken } from '../support/api.ts'
import { expectNoSeriousViolations, expectNoSeriousViolationsEverywhere } from '../support/axe.ts'
import { WIDTHS } from '../public/helpers.ts'

// Freshness from the owner's side: My Listings says when each listing was last confirmed and takes "Still
// available"; the freshness mail's link (My Listings with ?confirm=<id>) confirms in one click; the cards in browse say
// it to everyone.

test('the owner confirms a listing from My Listings and from the mail’s link', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000)
  const owner = await signedInPage(browser, baseURL!)
  const token = uniqueToken()
  const title = `Fresh room ${token}`
  const id = await createListingViaApi(owner.context.request, baseURL!, { title })
  const { page } = owner

  await page.goto(`/dashboard/my-listing?confirm=${id}`)
  await expect(
    page.getByRole('status').filter({ hasText: `“${title}” is confirmed as still available` }),
  ).toBeVisible()
  await page.setViewportSize({ width: WIDTHS.desktop, height: 900 })
  const row = page.getByRole('row', { name: new RegExp(title) })
  await expect(row).toContainText('Confirmed today')
  await row.getByRole('button', { name: `Still available: ${title}` }).click()
  await expect(row.getByRole('button', { name: `Still available: ${title}` })).toBeEnabled()
  await expectNoSeriousViolations(page)
  await page.setViewportSize({ width: WIDTHS.phone, height: 900 })
  await expect(page.getByRole('listitem').filter({ hasText: title })).toContainText('Confirmed today')
  await expectNoSeriousViolations(page)

  await page.goto(`/dashboard/browse-listing-details/${id}`)
  await expect(page.getByText('Confirmed today by the poster')).toBeVisible()

  await page.goto(`/browse-listing?q=${token}`)
  const card = page.getByRole('article').filter({ hasText: title })
  await expect(card.getByRole('definition').filter({ hasText: /^Confirmed today$/ })).toBeVisible()
  await expectNoSeriousViolationsEverywhere(page, { screenshot: 'confirmed-card' })
  await owner.context.close()
})
