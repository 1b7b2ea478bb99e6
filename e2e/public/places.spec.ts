import { expect, test, type Page } from '@playwright/test'
import { createListingViaApi, signedInPage, uniqueToken } from '../support/api.ts'
import { expectNoSeriousViolationsEverywhere, expectNoSeriousViolationsInBothModes } from '../support/axe.ts'
import { keepScreenshot } from '../support/screens.ts'
import { seedOncePerWorker } from '../support/seed.ts'
import { WIDTHS } from './helpers.ts'

// The place box (autocomplete), browse near a place with distances, and the map of the results. There is no
// internet here, so tiles never load: that is the offline case, where the list and the markers must still work.

const ZURICH = 2657896
const ZURICH_KREIS_11 = 6295533 // ~6 km north of the centre
const token = uniqueToken('Places')

seedOncePerWorker(async (request, baseURL) => {
  await createListingViaApi(request, baseURL, {
    title: `Altstadt room ${token}`,
    placeId: ZURICH,
    rent: 1200,
  })
  await createListingViaApi(request, baseURL, {
    title: `Oerlikon room ${token}`,
    placeId: ZURICH_KREIS_11,
    rent: 900,
  })
})

/** No tile server is reachable: fail tile requests at once rather than wait for DNS. */
async function offlineTiles(page: Page) {
  await page.route(/tile\.openstreetmap\.org/, (route) => route.abort())
}

async function chooseNearZurich(page: Page) {
  const box = page.getByRole('combobox', { name: 'Near…' })
  await box.fill('zur')
  const list = page.getByRole('listbox', { name: 'Near… suggestions' })
  await expect(list.getByRole('option').first()).toHaveText('Zürich, ZH, Switzerland')
  await expect(box).toHaveAttribute('aria-expanded', 'true')
  await box.press('ArrowDown')
  await expect(box).toHaveAttribute('aria-activedescendant', /option-0$/)
  await expect(list.getByRole('option').first()).toHaveAttribute('aria-selected', 'true')
  await box.press('Enter')
  await expect(box).toHaveValue('Zürich, ZH, Switzerland')
  await expect(box).toHaveAttribute('aria-expanded', 'false')
}

test('near a place with the keyboard: nearest first, distances, the URL can be shared', async ({ page }) => {
  await offlineTiles(page)
  // Our own listings only (each worker makes its own): the search text stays as a place is chosen.
  await page.goto(`/browse-listing?q=${token}`)
  await chooseNearZurich(page)
  await expect(page).toHaveURL(new RegExp(`near=${ZURICH}`))
  await expect(page).toHaveURL(/sort=distance/)
  // The form says the order the page took: nearest first, not the rent order it showed before.
  await expect(page.getByLabel('Sort by')).toHaveValue('distance')
  const cards = page.getByRole('main').locator('ul > li article')
  await expect(cards.first()).toContainText(`Altstadt room ${token}`)
  await expect(cards.first()).toContainText('0 km away')
  await expect(cards.nth(1)).toContainText(`Oerlikon room ${token}`)
  await expect(cards.nth(1)).toContainText(/\d(\.\d)? km away/)

  // The same address in a new page shows the same search, place name and all.
  const shared = page.url()
  await page.goto('/')
  await page.goto(shared)
  await expect(page.getByRole('combobox', { name: 'Near…' })).toHaveValue('Zürich, ZH, Switzerland')
  await expect(page.getByLabel('Sort by')).toHaveValue('distance')

  // A 2 km radius keeps only the centre's listing.
  await page.getByLabel('Within').selectOption('2')
  await expect(page).toHaveURL(/radiusKm=2/)
  await expect(page.getByText(`Oerlikon room ${token}`)).toHaveCount(0)
  await expect(page.getByText(`Altstadt room ${token}`).first()).toBeVisible()

  // Escape closes the list, and a second Escape empties the box and drops the place.
  const box = page.getByRole('combobox', { name: 'Near…' })
  await box.fill('ber')
  await expect(box).toHaveAttribute('aria-expanded', 'true')
  await box.press('Escape')
  await expect(box).toHaveAttribute('aria-expanded', 'false')
  await box.press('Escape')
  await expect(box).toHaveValue('')
})

test('on a phone: the first listing on the first screen, the filters behind Filters, the order said', async ({
  page,
}) => {
  await offlineTiles(page)
  await page.setViewportSize({ width: WIDTHS.phone, height: 844 })
  await page.goto('/browse-listing')
  const firstCard = page.getByRole('main').locator('ul > li article').first()
  await expect(firstCard.getByRole('heading')).toBeInViewport({ ratio: 1 })
  const near = page.getByRole('combobox', { name: 'Near…' })
  await expect(near).toBeHidden()
  await keepScreenshot(page, 'browse-phone-first-screen', { fullPage: false })
  await expectNoSeriousViolationsInBothModes(page)

  // The fold opens to the whole form; a place chosen there is counted and sorts nearest first, as the form says.
  await page.goto(`/browse-listing?q=${token}`)
  await expect(page.getByRole('checkbox', { name: 'Filters 1 set' })).not.toBeChecked()
  await page.getByText('Filters', { exact: true }).click()
  await expect(near).toBeVisible()
  await chooseNearZurich(page)
  await expect(page).toHaveURL(/sort=distance/)
  await expect(page.getByLabel('Sort by')).toHaveValue('distance')
  await expect(page.getByRole('checkbox', { name: 'Filters 2 set' })).toBeChecked()
  await expect(page.getByRole('main').locator('ul > li article').first()).toContainText(
    `Altstadt room ${token}`,
  )
  await keepScreenshot(page, 'browse-phone-filters-open', { fullPage: false })
  await expectNoSeriousViolationsInBothModes(page)

  // From a phone to a desktop, the form is simply there.
  await page.getByText('Filters', { exact: true }).click()
  await expect(near).toBeHidden()
  await page.setViewportSize({ width: WIDTHS.desktop, height: 844 })
  await expect(near).toBeVisible()
  await expect(page.getByText('Filters', { exact: true })).toBeHidden()
})

test('a place typed without picking a suggestion: Search uses the best match and says so', async ({
  page,
}) => {
  await offlineTiles(page)
  await page.goto(`/browse-listing?q=${token}`)
  const box = page.getByRole('combobox', { name: 'Near…' })
  await box.fill('Zurich')
  await expect(page.getByRole('option').first()).toHaveText('Zürich, ZH, Switzerland')
  await page.getByRole('button', { name: 'Search' }).click()
  await expect(page).toHaveURL(/nearText=Zurich/)
  await expect(page.getByRole('status').filter({ hasText: 'Showing rooms near' })).toHaveText(
    'Showing rooms near Zürich, ZH, Switzerland, the best match for “Zurich”. Not the one? Type it again and choose from the suggestions.',
  )
  await expect(box).toHaveValue('Zürich, ZH, Switzerland')
  await expect(page.getByLabel('Sort by')).toHaveValue('distance')
  await expect(page.getByRole('main').getByRole('article').first()).toContainText('0 km away')

  // Local names find the place too; a name no place has is an error under the box.
  await box.fill('München')
  await expect(page.getByRole('option').first()).toHaveText('Munich, Germany (München)')
  await box.fill('Zzyzxville')
  await box.press('Enter')
  await expect(page.getByRole('alert')).toHaveText(
    'No town or city called “Zzyzxville” was found. Check the spelling, or choose a place from the suggestions as you type.',
  )
  await expect(box).toHaveValue('Zzyzxville')
  await expect(box).toHaveAttribute('aria-invalid', 'true')
})

test('the map shows a marker per place without tiles; a marker opens its listing cards', async ({ page }) => {
  await offlineTiles(page)
  await page.goto(
    `/browse-listing?q=${token}&near=${ZURICH}&nearName=Z%C3%BCrich%2C+ZH%2C+Switzerland&sort=distance`,
  )
  const map = page.getByRole('region', { name: 'Map of the listings' })
  await expect(map).toBeVisible()
  const marker = map.getByRole('button', { name: new RegExp(`Oerlikon room ${token}`) })
  await expect(marker).toBeVisible()
  await marker.focus()
  await marker.press('Enter')
  await expect(map.getByRole('article')).toContainText(`Oerlikon room ${token}`)
  await expect(map.getByRole('link', { name: `See more about Oerlikon room ${token}` })).toBeVisible()

  await page.getByRole('button', { name: 'Hide map' }).click()
  await expect(map).toBeHidden()
})

test('the map is not part of the first load of the browse page', async ({ page }) => {
  const scripts: string[] = []
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url())
  })
  await page.goto('/browse-listing')
  await expect(page.getByRole('button', { name: 'Show map' })).toBeVisible()
  expect(scripts.some((url) => /results-map|leaflet/i.test(url))).toBe(false)
})

test('a listing is posted in a place chosen from the suggestions, and edited keeping it', async ({
  browser,
  baseURL,
}) => {
  const { page, context } = await signedInPage(browser, baseURL!)
  const title = `Fitzroy room ${uniqueToken()}`
  await page.goto('/dashboard/find-rommate')
  await page.getByLabel('Title').fill(title)
  await page.getByLabel('Location').fill('Brunswick Street, near the tram')
  const box = page.getByRole('combobox', { name: 'Town or city' })
  await box.fill('fitzroy')
  await page.getByRole('option', { name: 'Fitzroy, Australia' }).click()
  await expect(box).toHaveValue('Fitzroy, Australia')
  await page.getByLabel('Rent per month').fill('640')
  await page.getByLabel('Room type').selectOption('Single')
  await page.getByLabel('Who is posting').selectOption('Current flatmate')
  await page.getByLabel('Contact info').fill('facebook.com/fitzroy.room')
  await page.getByRole('button', { name: 'Add Listing' }).click()
  await expect(page).toHaveURL(/\/dashboard\/my-listing$/)

  await page.getByRole('link', { name: `Update ${title}` }).click()
  await expect(page.getByRole('combobox', { name: 'Town or city' })).toHaveValue('Fitzroy, Australia')

  await page.goto(`/browse-listing?near=2166584&q=${encodeURIComponent(title)}`)
  await expect(page.getByRole('main').getByRole('article').first()).toContainText('0 km away')
  await context.close()
})

test('a poster pins the room within its town; browse measures from the pin', async ({ browser, baseURL }) => {
  const { page, context } = await signedInPage(browser, baseURL!)
  await offlineTiles(page)
  const title = `Pinned room ${uniqueToken()}`
  await page.goto('/dashboard/find-rommate')
  await page.getByLabel('Title').fill(title)
  await page.getByLabel('Location').fill('Near the lake')
  await expect(page.getByText('Choose a town or city first; then you can pin the room.')).toBeVisible()
  const box = page.getByRole('combobox', { name: 'Town or city' })
  await box.fill('zurich')
  await page.getByRole('option', { name: 'Zürich, ZH, Switzerland' }).click()
  await expect(page.getByText('The room is shown at the centre of Zürich, ZH, Switzerland.')).toBeVisible()
  await page.getByRole('button', { name: 'Pin it on a map' }).click()
  await expect(page.getByRole('group', { name: /Map of the place/ })).toBeVisible()
  for (let i = 0; i < 5; i++) await page.getByRole('button', { name: 'North 300 m' }).click()
  await expect(
    page.getByText(/The room is pinned within Zürich, ZH, Switzerland; others see it to about 300 m/),
  ).toBeVisible()
  await keepScreenshot(page, 'pin-form')
  await page.getByLabel('Rent per month').fill('900')
  await page.getByLabel('Room type').selectOption('Single')
  await page.getByLabel('Who is posting').selectOption('Current flatmate')
  await page.getByLabel('Contact info').fill('facebook.com/pinned.room')
  await page.getByRole('button', { name: 'Add Listing' }).click()
  await expect(page).toHaveURL(/\/dashboard\/my-listing$/)

  await page.goto(`/browse-listing?near=${ZURICH}&q=${encodeURIComponent(title)}`)
  await expect(page.getByRole('main').getByRole('article').first()).toContainText('1.5 km away')

  // Editing keeps the pin; removing it puts the room back at the town's centre.
  await page.goto('/dashboard/my-listing')
  await page.getByRole('link', { name: `Update ${title}` }).click()
  await expect(page.getByText(/The room is pinned within Zürich/)).toBeVisible()
  await page.getByRole('button', { name: 'Remove the pin' }).click()
  await expect(page.getByText('The room is shown at the centre of Zürich, ZH, Switzerland.')).toBeVisible()
  await context.close()
})

/** Browse near Zürich with its map shown. */
async function openMap(page: Page) {
  await offlineTiles(page)
  await page.goto(
    `/browse-listing?q=${token}&near=${ZURICH}&nearName=Z%C3%BCrich%2C+ZH%2C+Switzerland&sort=distance`,
  )
  await expect(page.getByRole('region', { name: 'Map of the listings' })).toBeVisible()
  await expect(page.locator('.leaflet-marker-icon').first()).toBeVisible()
}

// One sweep a test, each checked in both modes at both widths: the place box's open list, and the map's open pop-up.
// Each loads browse with its map and sweeps four times: 11–14 s of the default 30, and on a slower run the same
// four checks took 7–12 s each as separate tests, which together would pass 30 s: three times the budget.
test(`the place box's suggestions pass axe in both modes at both widths`, async ({ page }) => {
  test.slow()
  await openMap(page)
  // On a phone the form is behind Filters: opened there, it stays open at every width.
  await page.setViewportSize({ width: WIDTHS.phone, height: 844 })
  await page.getByText('Filters', { exact: true }).click()
  await page.setViewportSize({ width: WIDTHS.desktop, height: 844 })
  const box = page.getByRole('combobox', { name: 'Near…' })
  await box.fill('sao')
  await expect(page.getByRole('option').first()).toHaveText('São Paulo, Brazil')
  await box.press('ArrowDown')
  await expectNoSeriousViolationsEverywhere(page, {
    screenshot: 'places',
    onEach: () => expect(page.getByRole('option').first()).toBeVisible(),
  })
})

test(`the map's pop-up passes axe in both modes at both widths`, async ({ page }) => {
  test.slow()
  await openMap(page)
  await page.locator('.leaflet-marker-icon').first().press('Enter')
  const popup = page.getByRole('region', { name: 'Map of the listings' }).getByRole('article').first()
  await expect(popup).toBeVisible()
  await expectNoSeriousViolationsEverywhere(page, {
    screenshot: 'map',
    onEach: () => expect(popup).toBeVisible(),
  })
})
