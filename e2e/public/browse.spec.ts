import { expect, test, type Page } from '@playwright/test'
import { formatRent } from '../../src/shared/format.ts'
import { createListingViaApi, signedInPage, uniqueToken } from '../support/api.ts'
import { expectNoSeriousA11yViolations } from './helpers.ts'
import { seedOncePerWorker } from '../support/seed.ts'

// 26 listings of our own, found through a unique token in their location: more than one page (24), so paging
// is exercised, while other tests' listings on the shared server never get in the way.
const token = uniqueToken('Browse')
const ROOM_TYPES = ['Single', 'Shared', 'Studio'] as const
const made = Array.from({ length: 26 }, (_, i) => ({
  title: `Room ${String(i).padStart(2, '0')} ${token}`,
  location: `Tokenville ${token}`,
  rent: 500 + i * 20,
  roomType: ROOM_TYPES[i % 3]!,
  availability: i % 4 === 0 ? ('Available' as const) : ('Not Available' as const),
}))
let currency = 'USD'

seedOncePerWorker(async (request, baseURL) => {
  for (const listing of made) await createListingViaApi(request, baseURL, listing)
  currency = ((await (await request.get('/api/config')).json()) as { currency: string }).currency
})

const cards = (page: Page) => page.getByRole('main').getByRole('article')
const rentOf = (i: number) => formatRent(made[i]!.rent, currency)

test('search finds our listings, counts them and pages with Load more', async ({ page }) => {
  await page.goto('/browse-listing')
  await page.getByLabel('Location or title').fill(token)
  await page.getByRole('button', { name: 'Search' }).click()
  await expect(page).toHaveURL(new RegExp(`q=${token}`))
  await expect(page.getByText('26 listings')).toBeVisible()
  await expect(cards(page)).toHaveCount(24)

  await page.getByRole('button', { name: 'Load more' }).click()
  await expect(cards(page)).toHaveCount(26)
  await expect(page.getByRole('button', { name: 'Load more' })).toBeHidden()
  // Cheapest first by default, and every card shows what the spec asks for.
  const first = cards(page).first()
  await expect(first).toContainText(made[0]!.title)
  await expect(first).toContainText(rentOf(0))
  await expect(first).toContainText('Single room')
  await expect(first).toContainText(`Tokenville ${token}`)
  await expect(first).toContainText('Posted by: Tester')
  await expect(first).toContainText('Available')
  await expect(cards(page).nth(1)).toContainText('Not Available')
  await expect(cards(page).last()).toContainText(rentOf(25))
})

test('sorting by rent descending and by newest', async ({ page }) => {
  await page.goto(`/browse-listing?q=${token}`)
  await page.getByLabel('Sort by').selectOption({ label: 'Rent: high to low' })
  await expect(page).toHaveURL(/sort=rent_desc/)
  await expect(cards(page).first()).toContainText(rentOf(25))
  await expect(cards(page).nth(1)).toContainText(rentOf(24))

  await page.getByLabel('Sort by').selectOption({ label: 'Newest' })
  await expect(page).toHaveURL(/sort=newest/)
  await expect(cards(page).first()).toContainText(made[25]!.title)
})

test('the room type filter and the rent range narrow the list, and the URL reproduces the view', async ({
  page,
}) => {
  await page.goto(`/browse-listing?q=${token}`)
  await page.getByLabel('Room type').selectOption('Studio')
  await expect(page).toHaveURL(/roomType=Studio/)
  const studios = made.filter((listing) => listing.roomType === 'Studio')
  await expect(page.getByText(`${studios.length} listings`)).toBeVisible()
  for (const card of await cards(page).all()) await expect(card).toContainText('Studio room')

  await page.getByLabel('Min rent').fill('700')
  await page.getByLabel('Max rent').fill('900')
  await page.getByRole('button', { name: 'Search' }).click()
  const inRange = studios.filter((listing) => listing.rent >= 700 && listing.rent <= 900)
  await expect(page.getByText(`${inRange.length} listings`)).toBeVisible()
  await expect(cards(page)).toHaveCount(inRange.length)

  // A shared link shows the same thing.
  const url = page.url()
  const other = await page.context().newPage()
  await other.goto(url)
  await expect(other.getByText(`${inRange.length} listings`)).toBeVisible()
  await expect(other.getByLabel('Room type')).toHaveValue('Studio')
  await expect(other.getByLabel('Min rent')).toHaveValue('700')

  await page.getByRole('link', { name: 'Clear' }).click()
  await expect(page).toHaveURL(/\/browse-listing$/)
})

test('an empty result says so and a reversed rent range is explained', async ({ page }) => {
  await page.goto(`/browse-listing?q=${token}&minRent=5000`)
  await expect(page.getByRole('heading', { name: 'No listings match your search' })).toBeVisible()
  await page.getByLabel('Min rent').fill('900')
  await page.getByLabel('Max rent').fill('100')
  await page.getByRole('button', { name: 'Search' }).click()
  await expect(page.getByRole('alert')).toContainText('Minimum rent must not be more than maximum rent.')
})

test('See More goes to the public details route, or the dashboard one under /dashboard', async ({
  page,
  browser,
  baseURL,
}) => {
  await page.goto(`/browse-listing?q=${token}`)
  await expect(
    cards(page)
      .first()
      .getByRole('link', { name: /See More/i }),
  ).toHaveAttribute('href', /^\/browse-listing-details\//)
  const signedIn = await signedInPage(browser, baseURL!)
  await signedIn.page.goto(`/dashboard/browse-listing?q=${token}`)
  await expect(
    cards(signedIn.page)
      .first()
      .getByRole('link', { name: /See More/i }),
  ).toHaveAttribute('href', /^\/dashboard\/browse-listing-details\//)
  await signedIn.context.close()
})

/** Whether a select shows its chosen option whole: the text, the padding and the arrow's room fit its width. */
const showsWholeChoice = (page: Page) =>
  page.getByLabel('Sort by').evaluate((select: HTMLSelectElement) => {
    const style = getComputedStyle(select)
    const context = document.createElement('canvas').getContext('2d')!
    context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`
    const text = context.measureText(select.selectedOptions[0]!.text).width
    return text + parseFloat(style.paddingLeft) + parseFloat(style.paddingRight) <= select.clientWidth
  })

test('the Sort select shows “Rent: low to high” whole, on the public page and in the dashboard', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000)
  for (const width of [390, 1024, 1280]) {
    const context = await browser.newContext({ baseURL, viewport: { width, height: 800 } })
    const page = await context.newPage()
    await page.goto('/browse-listing')
    // On a phone the form is folded behind Filters.
    if (width < 640) await page.getByText('Filters', { exact: true }).click()
    await expect(page.getByLabel('Sort by')).toHaveValue('rent_asc')
    expect(await showsWholeChoice(page), `/browse-listing at ${width} px`).toBe(true)
    await context.close()
  }
  for (const width of [1024, 1280]) {
    const { context, page } = await signedInPage(browser, baseURL!)
    await page.setViewportSize({ width, height: 800 })
    await page.goto('/dashboard/browse-listing')
    await expect(page.getByLabel('Sort by')).toHaveValue('rent_asc')
    expect(await showsWholeChoice(page), `/dashboard/browse-listing at ${width} px`).toBe(true)
    await context.close()
  }
})

test('"Available only" hides taken rooms, is kept in the URL, and is off by default', async ({ page }) => {
  await page.goto(`/browse-listing?q=${token}`)
  const toggle = page.getByRole('switch', { name: 'Available only' })
  await expect(toggle).not.toBeChecked()
  await expect(page.getByText('26 listings')).toBeVisible()
  // click(), not check(): the switch applies at once, and the page it lands on draws it anew.
  await toggle.click()
  await expect(page).toHaveURL(/available=true/)
  // Every fourth of ours is available: 0, 4, …, 24.
  await expect(page.getByText('7 listings')).toBeVisible()
  await expect(cards(page).filter({ hasText: 'Not Available' })).toHaveCount(0)

  await page.reload()
  await expect(page.getByRole('switch', { name: 'Available only' })).toBeChecked()
  await expect(page.getByText('7 listings')).toBeVisible()
  await expectNoSeriousA11yViolations(page)
  await page.getByRole('switch', { name: 'Available only' }).click()
  await expect(page).not.toHaveURL(/available=/)
  await expect(page.getByText('26 listings')).toBeVisible()
})

test('a misspelt search that finds nothing offers the closest word, and following it finds the rooms', async ({
  page,
}) => {
  // "Tokenville" typed as "Tokenvile": no listing contains it.
  await page.goto('/browse-listing?q=Tokenvile')
  await expect(page.getByRole('heading', { name: 'No listings match your search' })).toBeVisible()
  const suggestion = page.getByRole('link', { name: 'Tokenville' })
  await expect(suggestion).toBeVisible()
  await expectNoSeriousA11yViolations(page)
  await suggestion.click()
  await expect(page).toHaveURL(/q=Tokenville/)
  await expect(cards(page).first()).toContainText('Tokenville')
})
