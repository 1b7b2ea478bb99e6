import { expect, test } from '@playwright/test'
import { createListingViaApi, signedInPage, uniqueToken } from '../support/api.ts'

// A person who loads more listings, opens one and comes back finds the same list at the same place.

test('Back from a listing returns to the same list, pages and scroll position included', async ({
  browser,
  baseURL,
}) => {
  test.slow()
  const { page, context } = await signedInPage(browser, baseURL!)
  const token = uniqueToken('Keep')
  for (let i = 0; i < 30; i++)
    await createListingViaApi(context.request, baseURL!, { title: `${token} room ${i}`, rent: 400 + i })
  await page.goto(`/browse-listing?q=${token}`)
  const cards = page.getByRole('main').getByRole('article')
  await expect(cards).toHaveCount(24)
  await page.getByRole('button', { name: 'Load more' }).click()
  await expect(cards).toHaveCount(30)

  // Open card 28 by tapping the card itself, not its See More button.
  const card = cards.nth(27)
  await card.scrollIntoViewIfNeeded()
  const scrolledTo = await page.evaluate(() => window.scrollY)
  expect(scrolledTo).toBeGreaterThan(500)
  await card.click()
  await expect(page).toHaveURL(/\/browse-listing-details\//)
  await expect(page.getByRole('heading', { level: 1, name: `${token} room 27` })).toBeVisible()

  // "Back to Listings" leads to the list with its search, as it was left.
  const back = page.getByRole('link', { name: 'Back to Listings' })
  await expect(back).toHaveAttribute('href', `/browse-listing?q=${token}`)
  await back.click()
  await expect(page).toHaveURL(new RegExp(`/browse-listing\\?q=${token}$`))
  await expect(cards).toHaveCount(30)
  // Where it was (cards out of view are laid out at an estimated height, so give or take a little).
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(scrolledTo - 300)
  await expect(cards.nth(27)).toBeInViewport()

  // The browser's Back does the same.
  await cards
    .nth(29)
    .getByRole('link', { name: /See more/ })
    .click()
  await expect(page).toHaveURL(/\/browse-listing-details\//)
  await page.goBack()
  await expect(cards).toHaveCount(30)
  await expect(cards.nth(29)).toBeInViewport()
  await context.close()
})
