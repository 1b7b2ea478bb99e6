import { expect, test, type Page } from '@playwright/test'
import { createSeekerAdViaApi, uniqueLetterToken } from '../support/api.ts'
import { expectNoSeriousViolations } from '../support/axe.ts'
import { holdRequests, slowPhone } from '../support/slow-phone.ts'
import { seedOncePerWorker } from '../support/seed.ts'

// Rooms wanted keeps browse's habits before its JavaScript has loaded (decision 062): the page arrives
// prerendered with its heading and filter form, its first ads are drawn as soon as their answer arrives, the filter
// form works as plain HTML, and hydration keeps what was typed. The slow-phone tests hold the app's scripts back
// until they have looked or acted, so the page is certainly not hydrated yet.

const FITZROY = 2166584
const token = uniqueLetterToken('Early')

seedOncePerWorker(async (_request, baseURL) => {
  const area = { placeId: FITZROY, radiusKm: 10 }
  await createSeekerAdViaApi(baseURL, {
    headline: `Studio wanted ${token}`,
    budget: 1234,
    roomTypes: ['Studio'],
    areas: [area],
    moveInFrom: '2026-12-20',
    minStayMonths: 6,
  })
  await createSeekerAdViaApi(baseURL, {
    headline: `Any room wanted ${token}`,
    budget: 777,
    roomTypes: ['Single', 'Shared'],
    areas: [area],
  })
})

async function slowPhoneWithoutApp(page: Page) {
  await slowPhone(page)
  return holdRequests(page, '**/assets/*.js')
}

const notHydrated = async (page: Page) => {
  await expect(page.locator('#root')).not.toHaveAttribute('data-hydrating')
  await expect(page.locator('#root')).not.toHaveAttribute('data-hydrated')
}
const cards = (page: Page) => page.getByRole('main').getByRole('article')
const mine = (page: Page) => cards(page).filter({ hasText: token })

test('without JavaScript, Rooms wanted shows its heading and filter form, its ads loading', async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false })
  const page = await context.newPage()
  await page.goto('/rooms-wanted')
  await expect(page).toHaveTitle('Nestmate | Rooms wanted')
  await expect(page.getByRole('heading', { name: 'Rooms wanted', level: 1 })).toBeVisible()
  const form = page.getByRole('search', { name: 'Filter rooms wanted' })
  await expect(form.getByRole('combobox', { name: 'Looking near' })).toBeVisible()
  await expect(form.getByRole('button', { name: 'Search' })).toBeVisible()
  await expect(page.getByText('Loading ads…')).toBeVisible()
  await context.close()
})

test.describe('before the app has loaded', () => {
  test.describe.configure({ timeout: 120_000 })

  test('the first ads show as soon as they arrive, and stay in place while the app takes over', async ({
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
        if (document.querySelectorAll('main article').length > 0) seen.cards = true
        else if (seen.cards) seen.gap = true
        requestAnimationFrame(check)
      }
      requestAnimationFrame(check)
    })
    const asked: string[] = []
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/seeker-ads') asked.push(request.url())
    })
    const { release } = await slowPhoneWithoutApp(page)
    await page.goto('/rooms-wanted', { waitUntil: 'domcontentloaded' })
    const studio = mine(page).filter({ hasText: 'Studio wanted' })
    await expect(studio).toBeVisible({ timeout: 60_000 })
    await notHydrated(page)
    // A real card, its formatted fields as the app writes them.
    await expect(studio.getByRole('link', { name: /See ad/ })).toHaveAttribute(
      'href',
      /^\/rooms-wanted\/[0-9a-f-]{36}$/,
    )
    await expect(studio).toContainText('Up to $1,234 / month')
    await expect(studio).toContainText('Fitzroy, Australia (10 km)')
    await expect(studio).toContainText('From 20 December 2026 · 6 months')
    await expect(mine(page).filter({ hasText: 'Any room wanted' })).toContainText('Any time')
    await expect(page.getByText(/^[\d,]+ people looking$/)).toBeVisible()
    await expect(page.getByText('Loading ads…')).toBeHidden()
    // The early cards are the app's own markup; axe on them once (the app's page is checked in both modes at both
    // widths by e2e/account/rooms-wanted.spec.ts).
    await expectNoSeriousViolations(page)
    const early = {
      count: await cards(page).count(),
      text: await studio.innerText(),
      box: await studio.boundingBox(),
    }
    release()
    await expect(page.locator('#root')).toHaveAttribute('data-hydrated', '', { timeout: 60_000 })
    await expect(page.locator('[data-early-cards]')).toHaveCount(0)
    // The app's own cards took the early ones' place: the same cards, the same words, in the same place.
    await expect(cards(page)).toHaveCount(early.count)
    expect(await studio.innerText()).toBe(early.text)
    expect(await studio.boundingBox()).toEqual(early.box)
    await expect
      .poll(() =>
        page.evaluate(
          () => (window as unknown as { nestmateCardFrames: { gap: boolean } }).nestmateCardFrames.gap,
        ),
      )
      .toBe(false)
    // One request for the ads: the app took the answer the early cards were drawn from.
    expect(asked).toHaveLength(1)
    expect(errors).toEqual([])
  })

  test('on a phone the first ad is on the first screen; Filters opens the form before the app has loaded', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 })
    const { release } = await slowPhoneWithoutApp(page)
    await page.goto('/rooms-wanted', { waitUntil: 'domcontentloaded' })
    await expect(cards(page).first()).toBeVisible({ timeout: 60_000 })
    await notHydrated(page)
    await expect(cards(page).first().getByRole('heading')).toBeInViewport({ ratio: 1 })
    const near = page.getByRole('combobox', { name: 'Looking near' })
    await expect(near).toBeHidden()
    await page.getByText('Filters', { exact: true }).click()
    await expect(near).toBeVisible()
    await notHydrated(page)
    release()
    await expect(page.locator('#root')).toHaveAttribute('data-hydrated', '', { timeout: 60_000 })
    // Hydration keeps the fold as it was left.
    await expect(near).toBeVisible()
    await expectNoSeriousViolations(page)
  })

  test('the filter form works as plain HTML: a typed place, a rent and a room type give the filtered list', async ({
    page,
  }) => {
    const { release } = await slowPhoneWithoutApp(page)
    await page.goto('/rooms-wanted', { waitUntil: 'domcontentloaded' })
    await notHydrated(page)
    await page.getByRole('combobox', { name: 'Looking near' }).fill('fitzroy')
    await page.getByLabel("My room's rent").fill('1000')
    // A choice in a list sends the form at once, with what was typed.
    await page.getByLabel('Room type').selectOption('Studio')
    await expect(page).toHaveURL(/\/rooms-wanted\?nearText=fitzroy&rent=1000&roomType=Studio/)
    release()
    // The gazetteer's best match for the typed name (its biggest place of that name), as browse takes it.
    await expect(
      page.getByText(/^Showing people looking near Fitzroy.*, the best match for “fitzroy”\.$/),
    ).toBeVisible({
      timeout: 60_000,
    })
    await expect(mine(page)).toHaveCount(1)
    await expect(mine(page)).toContainText(`Studio wanted ${token}`)
    await expect(page.getByRole('combobox', { name: 'Looking near' })).toHaveValue(/^Fitzroy.*, Australia$/)
    await expect(page.getByLabel("My room's rent")).toHaveValue('1000')
    await expect(page.getByLabel('Room type')).toHaveValue('Studio')
  })

  test('hydration keeps what was typed, and the app then answers the same form', async ({ page }) => {
    const { release } = await slowPhoneWithoutApp(page)
    await page.goto('/rooms-wanted', { waitUntil: 'domcontentloaded' })
    await notHydrated(page)
    await page.getByLabel("My room's rent").fill('700')
    await page.getByLabel('Free by').fill('2027-01-31')
    const near = page.getByRole('combobox', { name: 'Looking near' })
    await near.fill('fitzroy')
    release()
    await expect(page.locator('#root')).toHaveAttribute('data-hydrated', '', { timeout: 60_000 })
    await expect(page.getByLabel("My room's rent")).toHaveValue('700')
    await expect(page.getByLabel('Free by')).toHaveValue('2027-01-31')
    // The place typed before the app was live gets its suggestions once it is.
    await page.getByRole('option', { name: 'Fitzroy, Australia' }).click()
    await expect(near).toHaveValue('Fitzroy, Australia')
    await page.getByRole('button', { name: 'Search' }).click()
    await expect(page).toHaveURL(new RegExp(`near=${FITZROY}&.*rent=700&.*moveInBy=2027-01-31`))
    await expect(mine(page)).toHaveCount(2, { timeout: 30_000 })
  })
})
