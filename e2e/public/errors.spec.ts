import { expect, test } from '@playwright/test'

test('an unknown path shows the error page, says it is not found and offers the way back', async ({
  page,
}) => {
  await page.goto('/definitely/not/here')
  await expect(page.getByRole('heading', { name: 'Oops! Something went wrong' })).toBeVisible()
  await expect(page.getByText('Page not found (error 404).')).toBeVisible()
  await expect(page.getByText('There is no page at /definitely/not/here.')).toBeVisible()
  await expect(page).toHaveTitle('Nestmate | Page not found')
  // Opened directly, there is nothing to go back to: home is the way, by the spec's Retry or Back to Home.
  await expect(page.getByRole('button', { name: 'Go back' })).toHaveCount(0)
  await page.getByRole('link', { name: 'Retry' }).click()
  await expect(page).toHaveURL('/')
  await page.goBack()
  await page.getByRole('link', { name: 'Back to Home' }).click()
  await expect(page).toHaveURL('/')
  await expect(page.getByRole('heading', { name: 'Featured Roommates Post' })).toBeVisible()

  // Reached from a page of the site, Go back returns to it.
  await page.goto('/about')
  await expect(page.getByRole('heading', { name: 'Who We Are' })).toBeVisible()
  // A link added once the app has taken over the page (hydration would drop one added before).
  await expect(page.locator('#root')).toHaveAttribute('data-hydrated')
  await page.evaluate(() => {
    const link = Object.assign(document.createElement('a'), {
      href: '/about/typo',
      textContent: 'A broken link',
    })
    document.querySelector('main')!.append(link)
  })
  await page.getByRole('link', { name: 'A broken link' }).click()
  await expect(page.getByText('Page not found (error 404).')).toBeVisible()
  await page.getByRole('button', { name: 'Go back' }).click()
  await expect(page).toHaveURL('/about')
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
