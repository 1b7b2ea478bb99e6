import { expect, test, type Page } from '@playwright/test'
import { createListingViaApi, uniqueToken } from '../support/api.ts'
import { holdRequests, slowPhone } from '../support/slow-phone.ts'
import { seedOncePerWorker } from '../support/seed.ts'

// Nothing a person types in the browse filters is lost to a change the form makes itself: a room type applies at
// once, and whatever is typed while its listings load is still there when they arrive. The listings' answer is
// held until the typing is done, so the new view certainly arrives after it.

const token = uniqueToken('Typed')

seedOncePerWorker(async (request, baseURL) => {
  await createListingViaApi(request, baseURL, {
    title: `Studio ${token}`,
    location: `Lyon ${token}`,
    rent: 640,
    roomType: 'Studio',
  })
  await createListingViaApi(request, baseURL, {
    title: `Single ${token}`,
    location: `Lyon ${token}`,
    rent: 480,
  })
})

const cards = (page: Page) => page.getByRole('main').getByRole('article')

async function typeWhileARoomTypeLoads(page: Page) {
  await page.goto(`/browse-listing?q=${token}`)
  // A slow phone loads the whole app before this address shows listings (it has no first paint).
  await expect(cards(page)).toHaveCount(2, { timeout: 30_000 })
  await page.getByLabel('Max rent').fill('2000')
  const listings = await holdRequests(page, /\/api\/roommate-listings\?/)
  await page.getByLabel('Room type').selectOption('Studio')
  await expect.poll(() => listings.held.length).toBeGreaterThan(0)
  await page.getByLabel('Min rent').pressSequentially('600')
  await page.getByLabel('Location or title').fill(`lyon ${token}`)
  listings.release()
  await expect(page).toHaveURL(/roomType=Studio/)
  await expect(cards(page)).toHaveCount(1, { timeout: 30_000 })
  await expect(page.getByLabel('Min rent')).toHaveValue('600')
  await expect(page.getByLabel('Max rent')).toHaveValue('2000')
  await expect(page.getByLabel('Location or title')).toHaveValue(`lyon ${token}`)
  await expect(page.getByLabel('Room type')).toHaveValue('Studio')
  // What was typed is what Search sends next.
  await page.getByRole('button', { name: 'Search' }).click()
  await expect(page).toHaveURL(/minRent=600/)
  await expect(page).toHaveURL(new RegExp(`q=lyon\\+${token}`))
  await expect(cards(page)).toHaveCount(1)
  await expect(page.getByLabel('Min rent')).toHaveValue('600')
}

test('what is typed while a chosen room type loads is still there when its listings arrive', async ({
  page,
}) => {
  await typeWhileARoomTypeLoads(page)
})

test('the same on a slow phone', async ({ page }) => {
  test.slow()
  await slowPhone(page)
  await typeWhileARoomTypeLoads(page)
})

test('Clear starts the fields over, and Back shows the view it returns to', async ({ page }) => {
  await page.goto(`/browse-listing?q=${token}&minRent=500`)
  await expect(cards(page)).toHaveCount(1)
  await page.getByLabel('Max rent').fill('900')
  await page.getByRole('link', { name: 'Clear', exact: true }).click()
  await expect(page).toHaveURL(/\/browse-listing$/)
  await expect(page.getByLabel('Location or title')).toHaveValue('')
  await expect(page.getByLabel('Min rent')).toHaveValue('')
  await expect(page.getByLabel('Max rent')).toHaveValue('')
  await page.goBack()
  await expect(page.getByLabel('Location or title')).toHaveValue(token)
  await expect(page.getByLabel('Min rent')).toHaveValue('500')
})
