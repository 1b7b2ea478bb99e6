import { expect, test } from '@playwright/test'
import { createListingViaApi, uniqueToken } from '../support/api.ts'
import { seedOncePerWorker } from '../support/seed.ts'

// Every rent is in the site's one currency (CURRENCY), whatever the room's country: where rents are shown, the
// page says which currency that is.

const token = uniqueToken('Cur')

seedOncePerWorker(async (request, baseURL) => {
  await createListingViaApi(request, baseURL, { title: `Berlin room ${token}`, location: `Berlin ${token}` })
})

test('browse and home say that rents are in the site’s one currency', async ({ page }) => {
  await page.goto(`/browse-listing?q=${token}`)
  await expect(page.getByRole('main').getByRole('article')).toHaveCount(1)
  await expect(
    page.getByText('Rents are per month, in US Dollar (USD): this site shows every rent in one currency.'),
  ).toBeVisible()
  await page.goto('/')
  const featured = page.getByRole('region', { name: 'Featured Roommates Post' })
  await expect(featured.getByRole('article').first()).toBeVisible()
  await expect(featured).toContainText('Rents are per month, in US Dollar (USD)')
  // Open to everyone's reading: no "Sign in" promise that a signed-in person can't act on.
  await expect(featured).not.toContainText('Sign in to see the details')
})
