import { expect, test, type Page } from '@playwright/test'
import { createListingViaApi, uniqueToken } from '../support/api.ts'
import { holdRequests, slowPhone } from '../support/slow-phone.ts'
import { seedOncePerWorker } from '../support/seed.ts'

// A prerendered page is on screen long before its JavaScript on a slow phone. Whatever a person does in that window
// must count: links are links, the browse filters a real GET form, and typing survives hydration. Each test runs on
// a slow phone's profile (6x slower CPU, 150 ms latency, 200 kB/s) and holds the app's scripts back until it has
// acted, so the page is certainly not hydrated yet.

const token = uniqueToken('Early')

// Fully parallel, a worker may run this hook again for another of these tests: the two listings are made once per
// token (a worker that loads this file anew draws a new token).
seedOncePerWorker(async (request, baseURL) => {
  await createListingViaApi(request, baseURL, {
    title: `Studio ${token}`,
    location: `Austin ${token}`,
    roomType: 'Studio',
  })
  await createListingViaApi(request, baseURL, {
    title: `Single ${token}`,
    location: `Austin ${token}`,
    roomType: 'Single',
  })
})

/** The slow phone, with every script under /assets/ held until `release()`: only HTML, CSS and start-app.js. */
async function slowPhoneWithoutApp(page: Page) {
  await slowPhone(page)
  return holdRequests(page, '**/assets/*.js')
}

const notHydrated = async (page: Page) => {
  await expect(page.locator('#root')).not.toHaveAttribute('data-hydrating')
  await expect(page.locator('#root')).not.toHaveAttribute('data-hydrated')
}
// Listing cards (their title links to the room's details); home's events and blog teasers are articles too.
const cards = (page: Page) =>
  page
    .getByRole('main')
    .getByRole('article')
    .filter({ has: page.locator('a[href^="/browse-listing-details/"]') })

/** Each card's text and place on the page. */
const shapes = (page: Page) =>
  cards(page).evaluateAll((list) =>
    list.map((card) => {
      const { x, y, width, height } = card.getBoundingClientRect()
      return { text: (card as HTMLElement).innerText, x, y, width, height }
    }),
  )

test.describe('before the app has loaded', () => {
  test.describe.configure({ timeout: 120_000 })

  test('typing a place and Enter in the browse search shows the results', async ({ page }) => {
    const { release } = await slowPhoneWithoutApp(page)
    await page.goto('/browse-listing', { waitUntil: 'domcontentloaded' })
    await expect(page.getByText('Every room on Nestmate.')).toBeVisible()
    await notHydrated(page)
    await page.getByLabel('Location or title').fill(`austin ${token}`)
    await page.getByLabel('Location or title').press('Enter')
    // The place box's text comes first, empty: no place was typed.
    await expect(page).toHaveURL(new RegExp(`/browse-listing\\?nearText=&q=austin\\+${token}`))
    release()
    await expect(cards(page)).toHaveCount(2, { timeout: 60_000 })
    await expect(page.getByLabel('Location or title')).toHaveValue(`austin ${token}`)
  })

  test('a place typed in Near… and Enter uses the best match once the app is there', async ({ page }) => {
    const { release } = await slowPhoneWithoutApp(page)
    await page.goto('/browse-listing', { waitUntil: 'domcontentloaded' })
    await notHydrated(page)
    await page.getByRole('combobox', { name: 'Near…' }).fill('Wien')
    await page.getByRole('combobox', { name: 'Near…' }).press('Enter')
    await expect(page).toHaveURL(/\/browse-listing\?nearText=Wien/)
    release()
    await expect(
      page.getByText('Showing rooms near Vienna, Austria, the best match for “Wien”.'),
    ).toBeVisible({
      timeout: 60_000,
    })
    await expect(page.getByRole('combobox', { name: 'Near…' })).toHaveValue('Vienna, Austria')
  })

  test('choosing a room type applies it, with what was typed in the search', async ({ page }) => {
    const { release } = await slowPhoneWithoutApp(page)
    await page.goto('/browse-listing', { waitUntil: 'domcontentloaded' })
    await notHydrated(page)
    await page.getByLabel('Location or title').fill(token)
    await page.getByLabel('Room type').selectOption('Studio')
    await expect(page).toHaveURL(/roomType=Studio/)
    await expect(page).toHaveURL(new RegExp(`q=${token}`))
    release()
    await expect(cards(page)).toHaveCount(1, { timeout: 60_000 })
    await expect(cards(page).first()).toContainText(`Studio ${token}`)
    await expect(page.getByLabel('Room type')).toHaveValue('Studio')
  })

  test('the Available only switch applies at once, with what was typed in the search', async ({ page }) => {
    const { release } = await slowPhoneWithoutApp(page)
    await page.goto('/browse-listing', { waitUntil: 'domcontentloaded' })
    await notHydrated(page)
    await page.getByLabel('Location or title').fill(token)
    // click(), not check(): the switch submits the form at once, and the page it lands on is a new one.
    await page.getByRole('switch', { name: 'Available only' }).click()
    await expect(page).toHaveURL(/available=true/)
    await expect(page).toHaveURL(new RegExp(`q=${token}`))
    release()
    await expect(cards(page)).toHaveCount(2, { timeout: 60_000 })
    await expect(page.getByRole('switch', { name: 'Available only' })).toBeChecked()
  })

  test('the banner’s Browse listings link goes to the browse page', async ({ page }) => {
    await slowPhoneWithoutApp(page)
    await page.goto('/', { waitUntil: 'domcontentloaded' })
    await notHydrated(page)
    await page
      .getByRole('region', { name: 'Highlights' })
      .getByRole('link', { name: 'Browse listings' })
      .click()
    await expect(page).toHaveURL(/\/browse-listing$/)
    await expect(page.getByText('Every room on Nestmate.')).toBeVisible()
  })

  test('hydration keeps what was typed, and a button pressed early is answered once the app is live', async ({
    page,
  }) => {
    const { release } = await slowPhoneWithoutApp(page)
    await page.goto('/browse-listing', { waitUntil: 'domcontentloaded' })
    await notHydrated(page)
    await page.getByLabel('Location or title').fill(token)
    await page.getByLabel('Min rent').fill('1')
    await page.getByRole('button', { name: 'Toggle theme' }).click()
    release()
    await expect(page.locator('#root')).toHaveAttribute('data-hydrated', '', { timeout: 60_000 })
    await expect(page.getByLabel('Location or title')).toHaveValue(token)
    await expect(page.getByLabel('Min rent')).toHaveValue('1')
    await expect(page.locator('html')).toHaveClass(/\bdark\b/)
    // The app now answers the same form itself, without reloading the page.
    await page.getByLabel('Location or title').press('Enter')
    await expect(page).toHaveURL(new RegExp(`q=${token}.*minRent=1|minRent=1.*q=${token}`))
    await expect(cards(page)).toHaveCount(2, { timeout: 30_000 })
  })

  for (const [path, where] of [
    ['/browse-listing', 'browse'],
    ['/', 'home'],
  ] as const) {
    test(`${where}'s listings show as soon as they arrive, and stay while the app takes over`, async ({
      page,
    }) => {
      const errors: string[] = []
      page.on('pageerror', (error) => errors.push(error.message))
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text())
      })
      // Every frame from the first: once a card has been on screen, is there one in every later frame?
      await page.addInitScript(() => {
        const seen = { cards: false, gap: false }
        Object.assign(window, { nestmateCardFrames: seen })
        const check = () => {
          const count = document.querySelectorAll('main article').length
          if (count > 0) seen.cards = true
          else if (seen.cards) seen.gap = true
          requestAnimationFrame(check)
        }
        requestAnimationFrame(check)
      })
      // The visitor's clock three days on: every listing here was confirmed today, on the server's clock.
      await page.clock.setFixedTime(Date.now() + 3 * 24 * 60 * 60 * 1000)
      const { release } = await slowPhoneWithoutApp(page)
      await page.goto(path, { waitUntil: 'domcontentloaded' })
      const first = cards(page).first()
      await expect(first).toBeVisible({ timeout: 60_000 })
      await notHydrated(page)
      // A real card: its title links to the room's details, its rent is in the site's currency.
      await expect(first.getByRole('link').first()).toHaveAttribute(
        'href',
        /^\/browse-listing-details\/[^~]+$/,
      )
      await expect(first).toContainText(/\$[\d,]+/)
      await expect(page.getByText(/Rents are per month, in US Dollar \(USD\)/)).toBeVisible()
      await expect(
        page.getByText(where === 'home' ? 'Loading featured rooms…' : 'Loading listings…'),
      ).toBeHidden()
      await expect(first.locator('time')).toHaveText('Confirmed 3 days ago')
      // Who is posting, in the card's words (every listing here was written from the sample: a current flatmate).
      await expect(first).toContainText(/Posted by: .+ · Current flatmate/)
      const early = await shapes(page)
      release()
      await expect(page.locator('#root')).toHaveAttribute('data-hydrated', '', { timeout: 60_000 })
      // The app's cards say what the early ones said, where they said it (no text changes, no layout shift).
      await expect(cards(page)).toHaveCount(early.length)
      expect(await shapes(page)).toEqual(early)
      // The app's own cards took the early ones' place, and no frame went without cards in between.
      await expect(page.locator('[data-early-cards]')).toHaveCount(0)
      await expect
        .poll(() =>
          page.evaluate(
            () => (window as unknown as { nestmateCardFrames: { gap: boolean } }).nestmateCardFrames.gap,
          ),
        )
        .toBe(false)
      expect(errors).toEqual([])
    })
  }
})
