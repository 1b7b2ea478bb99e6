import { expect, test } from '@playwright/test'

// The public pages arrive prerendered (src/web/first-paint/prerender.tsx): readable before any JavaScript runs, then hydrated.

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('the home and browse pages still show their content, with the data parts loading', async ({
    page,
  }) => {
    await page.goto('/')
    await expect(page).toHaveTitle('Nestmate | Home')
    await expect(page.getByRole('heading', { name: 'Find Your Ideal Roommate' })).toBeVisible()
    await expect(page.getByText('Loading featured rooms…')).toBeVisible()
    await page.goto('/browse-listing')
    await expect(page).toHaveTitle('Nestmate | Browse Listing')
    await expect(page.getByText('Every room on Nestmate.')).toBeVisible()
    await expect(page.getByText('Loading listings…')).toBeVisible()
    // Never inert: its links and forms work as plain HTML.
    await expect(page.locator('#root')).not.toHaveAttribute('inert')
  })
})

test('a prerendered page is hydrated without errors and then takes input', async ({ page }) => {
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
  page.on('pageerror', (error) => errors.push(error.message))
  for (const path of ['/', '/about', '/contact', '/support', '/browse-listing']) {
    await page.goto(path)
    await expect(page.locator('#root')).toHaveAttribute('data-hydrated')
  }
  // The browse page is live: its results replaced the loading state and the filters work.
  await expect(page.getByText(/^\d+ listings?/)).toBeVisible()
  await page.getByLabel('Location or title').fill('zzzz-no-such-place')
  await page.getByLabel('Location or title').press('Enter')
  await expect(page).toHaveURL(/q=zzzz-no-such-place/)
  await expect(page.getByRole('heading', { name: 'No listings match your search' })).toBeVisible()
  expect(errors).toEqual([])
})

test('an address with a view in its query is served without the default view’s first paint', async ({
  page,
}) => {
  await page.goto('/browse-listing?roomType=Studio&sort=newest')
  await expect(page.getByLabel('Room type')).toHaveValue('Studio')
  await expect(page.getByLabel('Sort by')).toHaveValue('newest')
})
