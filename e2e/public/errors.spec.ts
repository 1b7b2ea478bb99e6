import { expect, test } from '@playwright/test'

test('an unknown path shows the error page whose Retry and Back to Home both go home', async ({ page }) => {
  await page.goto('/definitely/not/here')
  await expect(page.getByRole('heading', { name: 'Oops! Something went wrong' })).toBeVisible()
  await expect(page).toHaveTitle('Nestmate | Page not found')

  await page.getByRole('link', { name: 'Retry' }).click()
  await expect(page).toHaveURL('/')
  await page.goBack()
  await page.getByRole('link', { name: 'Back to Home' }).click()
  await expect(page).toHaveURL('/')
  await expect(page.getByRole('heading', { name: 'Featured Roommates Post' })).toBeVisible()
})

test('a page whose data fails to load shows the same error look, and Retry loads it again', async ({
  page,
}) => {
  await page.route('**/api/roommate-listings*', (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: '{"error":"Internal Server Error"}',
    }),
  )
  await page.goto('/browse-listing')
  await expect(page.getByRole('heading', { name: 'Oops! Something went wrong' })).toBeVisible()
  await expect(page.getByText('Our server had a problem')).toBeVisible()
  // The layout stays around the error, so the visitor can still navigate.
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible()

  await page.unroute('**/api/roommate-listings*')
  await page.getByRole('button', { name: 'Retry' }).click()
  await expect(page.getByText(/^\d+ listings?/)).toBeVisible()
})
