import { expect, request as playwrightRequest, test } from '@playwright/test'
import { createListingViaApi, signUpViaApi, uniqueToken } from '../support/api.ts'

// Every rent is in the site's one currency (CURRENCY), whatever the room's country: where rents are shown, the
// page says which currency that is.

const token = uniqueToken('Cur')

test.beforeAll(async ({ baseURL }) => {
  const request = await playwrightRequest.newContext({ baseURL })
  await signUpViaApi(request, baseURL!)
  await createListingViaApi(request, baseURL!, { title: `Berlin room ${token}`, location: `Berlin ${token}` })
  await request.dispose()
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
