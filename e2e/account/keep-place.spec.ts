import { expect, test } from '@playwright/test'
import { createListingViaApi, signedInPage, uniqueToken } from '../support/api.ts'

// A person who loads more listings, opens one and comes back finds the same list at the same place.

for (const width of [390, 1280])
  test(`Back from a listing returns to the same list, the card opened where it was left (${width} px)`, async ({
    browser,
    baseURL,
  }) => {
    test.slow()
    const { page, context } = await signedInPage(browser, baseURL!)
    await page.setViewportSize({ width, height: 800 })
    const token = uniqueToken('Keep')
    for (let i = 0; i < 30; i++)
      await createListingViaApi(context.request, baseURL!, { title: `${token} room ${i}`, rent: 400 + i })
    await page.goto(`/browse-listing?q=${token}`)
    const cards = page.getByRole('main').getByRole('article')
    await expect(cards).toHaveCount(24)
    await page.getByRole('button', { name: 'Load more' }).click()
    await expect(cards).toHaveCount(30)

    // Open card 28 by tapping the card itself, not its See More button, from 335 px below the window's top.
    const card = cards.nth(27)
    await card.scrollIntoViewIfNeeded()
    const top = (locator: typeof card) => locator.evaluate((element) => element.getBoundingClientRect().top)
    // Where a card is, to the pixel: the window scrolls by whole pixels and cards lay out at fractions of one.
    const offBy = async (locator: typeof card, expected: number) => Math.abs((await top(locator)) - expected)
    await page.evaluate((by) => window.scrollBy(0, by), (await top(card)) - 335)
    await expect.poll(async () => Math.round(await top(card))).toBe(335)
    const scrolledTo = await page.evaluate(() => window.scrollY)
    expect(scrolledTo).toBeGreaterThan(500)
    // Tapped where it is, near its top: a locator's click would first scroll the whole card into view.
    const box = (await card.boundingBox())!
    await page.mouse.click(box.x + box.width / 2, box.y + 24)
    await expect(page).toHaveURL(/\/browse-listing-details\//)
    await expect(page.getByRole('heading', { level: 1, name: `${token} room 27` })).toBeVisible()

    // "Back to Listings" leads to the list with its search, as it was left.
    const back = page.getByRole('link', { name: 'Back to Listings' })
    await expect(back).toHaveAttribute('href', `/browse-listing?q=${token}`)
    await back.click()
    await expect(page).toHaveURL(new RegExp(`/browse-listing\\?q=${token}$`))
    await expect(cards).toHaveCount(30)
    // The card opened is where it was left, though the cards above it are laid out afresh.
    await expect.poll(() => offBy(cards.nth(27), 335)).toBeLessThanOrEqual(1)

    // The browser's Back does the same, for the last card opened from its See More link.
    const last = cards.nth(29)
    await last.getByRole('link', { name: /See more/ }).scrollIntoViewIfNeeded()
    const lastTop = await top(last)
    const seeMore = (await last.getByRole('link', { name: /See more/ }).boundingBox())!
    await page.mouse.click(seeMore.x + seeMore.width / 2, seeMore.y + seeMore.height / 2)
    await expect(page).toHaveURL(/\/browse-listing-details\//)
    await page.goBack()
    await expect(cards).toHaveCount(30)
    await expect.poll(() => offBy(cards.nth(29), lastTop)).toBeLessThanOrEqual(1)
    await context.close()
  })
