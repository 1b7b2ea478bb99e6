import { expect, test } from '@playwright/test'
import { createListingViaApi, signUpViaApi, uniqueToken } from '../support/api.ts'
import { expectPopup } from '../support/popup.ts'

test('the home page shows its sections in the spec order', async ({ page }) => {
  await page.goto('/')
  await expect(page).toHaveTitle('Nestmate | Home')
  // The sections below the fold render just after the banner: wait for the last one before reading the order.
  await expect(page.getByRole('heading', { name: 'Stay in the loop' })).toBeVisible()
  // textContent, not innerText: sections out of view are not laid out (content-visibility), and innerText needs layout.
  const headings = await page.locator('main h2').allTextContents()
  const order = [
    'Featured Roommates Post',
    'A calmer way to find someone to live with',
    'Latest Blog Posts',
    'Upcoming Events',
    'Find a room that fits',
    'Stay in the loop',
  ]
  const positions = order.map((title) => headings.findIndex((text) => text.trim() === title))
  expect(positions.every((position) => position >= 0)).toBe(true)
  expect([...positions].sort((a, b) => a - b)).toEqual(positions)
  // The banner comes before them all.
  await expect(page.getByRole('region', { name: 'Highlights' })).toBeVisible()
  await expect(page.locator('section[aria-labelledby="blog-title"] article')).toHaveCount(3)
  const events = page.locator('section[aria-labelledby="events-title"] article')
  await expect(events).toHaveCount(9)
  await expect(events.first()).toContainText('Ice Cream Truck')
  await expect(events.first().getByRole('img', { name: 'Ice cream event' })).toBeVisible()
  const features = page.locator('section[aria-labelledby="features-title"] a')
  await expect(features).toHaveCount(3)
  for (const link of await features.all()) await expect(link).toHaveAttribute('href', '/browse-listing')
})

test('the banner has five slides with typed headings and clickable pagination dots', async ({ page }) => {
  await page.goto('/')
  const banner = page.getByRole('region', { name: 'Highlights' })
  const dots = banner.getByRole('button', { name: /Go to slide/ })
  await expect(dots).toHaveCount(5)
  await dots.nth(2).click()
  const active = banner.locator('.swiper-slide-active')
  await expect(active.getByRole('heading', { name: 'Search by City or Area' })).toBeAttached()
  // The heading is typed out with a visible cursor.
  await expect(active.locator('h2 [data-typed]')).toContainText('|')
  await expect(active.locator('h2 [data-typed]')).toContainText('Search by City', { timeout: 5000 })
  await banner.getByRole('button', { name: 'Pause slideshow' }).click()
  await expect(banner.getByRole('button', { name: 'Play slideshow' })).toBeVisible()
})

test('featured rooms link to their details', async ({ page, playwright, baseURL }) => {
  const request = await playwright.request.newContext({ baseURL })
  await signUpViaApi(request, baseURL!)
  const title = `Featured room ${uniqueToken()}`
  const id = await createListingViaApi(request, baseURL!, { title, availability: 'Available' })
  await request.dispose()

  await page.goto('/')
  const card = page.getByRole('article').filter({ hasText: title })
  await expect(card).toContainText('Posted by: Tester')
  await expect(card).toContainText('Available')
  // The rent, as browse shows it.
  await expect(card).toContainText('$850 / month')
  await expect(card.getByRole('link', { name: /See More/i })).toHaveAttribute(
    'href',
    `/browse-listing-details/${id}`,
  )
})

test('a failed featured list says so and offers Retry, which loads it', async ({ page }) => {
  await page.route('**/api/featured-roommates', (route) => route.fulfill({ status: 503, body: '' }))
  await page.goto('/')
  const section = page.locator('section[aria-labelledby="featured-title"]')
  await expect(section.getByRole('heading', { name: 'Featured rooms could not be loaded' })).toBeVisible()
  await expect(section.getByRole('status')).toHaveCount(0)

  await page.unroute('**/api/featured-roommates')
  await section.getByRole('button', { name: 'Retry' }).click()
  await expect(section.getByRole('heading', { name: 'Featured rooms could not be loaded' })).toBeHidden()
  await expect(
    section.getByRole('article').first().or(section.getByText('No rooms are featured')),
  ).toBeVisible()
})

test('Subscribe shows "Subscribe Done" for 1.5 s and sends nothing', async ({ page }) => {
  await page.goto('/')
  const sent: string[] = []
  page.on('request', (request) => {
    if (request.method() !== 'GET') sent.push(request.url())
  })
  await page.getByLabel('Email address').fill('reader@example.com')
  await page.getByRole('button', { name: 'Subscribe' }).click()
  const dialog = await expectPopup(page, 'Subscribe Done')
  await expect(dialog).toBeHidden({ timeout: 4000 })
  expect(sent).toEqual([])
})

test('scroll-reveal sections end up visible after scrolling', async ({ page }) => {
  await page.goto('/')
  const newsletter = page.locator('section[aria-labelledby="newsletter-title"] [data-reveal]')
  await newsletter.scrollIntoViewIfNeeded()
  await expect(newsletter).toHaveCSS('opacity', '1', { timeout: 3000 })
})

test('scrolling soon after load at a reading pace never leaves a blank where sections should be', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto('/')
  await expect(page.getByRole('heading', { name: 'Upcoming Events' })).toBeAttached()
  const waiting = page.locator('[data-reveal].reveal-waiting')
  // Sections below the screen wait for their turn…
  await expect(waiting.first()).toBeAttached()
  // …and none that stands 120 px or more above the screen's bottom edge is still hidden.
  const hiddenOnScreen = () =>
    waiting.evaluateAll(
      (elements) =>
        elements.filter((element) => {
          const { top, bottom } = element.getBoundingClientRect()
          return top < window.innerHeight - 130 && bottom > 0
        }).length,
    )
  const height = await page.evaluate(() => document.documentElement.scrollHeight)
  for (let y = 0; y < height; y += 400) {
    await page.mouse.wheel(0, 400)
    await expect.poll(hiddenOnScreen).toBe(0)
  }
  // Straight to the top and back to the end: what is on screen each time is shown.
  await page.keyboard.press('Home')
  await expect.poll(hiddenOnScreen).toBe(0)
  await page.keyboard.press('End')
  await expect.poll(hiddenOnScreen).toBe(0)
})

for (const width of [390, 1280]) {
  test(`the banner's placeholder is as tall as the carousel that replaces it (${width} px, no layout shift)`, async ({
    browser,
  }) => {
    const bannerHeight = async (blockCarousel: boolean) => {
      const page = await browser.newPage({ viewport: { width, height: 860 } })
      if (blockCarousel) await page.route(/\/assets\/banner-carousel[^/]*\.js$/, (route) => route.abort())
      await page.goto('/')
      const banner = page.getByRole('region', { name: 'Highlights' })
      if (blockCarousel) {
        // The carousel failed to load: its first slide stays, and the rest of the page with it.
        await page.waitForLoadState('networkidle')
        await expect(banner.getByRole('heading', { name: 'Find Your Ideal Roommate' })).toBeVisible()
        await expect(page.getByRole('heading', { name: 'Featured Roommates Post' })).toBeVisible()
      } else await expect(banner.locator('.swiper-initialized')).toBeVisible()
      const box = await banner.boundingBox()
      await page.close()
      return box!.height
    }
    const placeholder = await bannerHeight(true)
    const carousel = await bannerHeight(false)
    expect(Math.abs(placeholder - carousel)).toBeLessThanOrEqual(1)
  })
}
