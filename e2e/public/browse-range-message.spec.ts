import { expect, test } from '@playwright/test'

// Every refused field in Nestmate loses its message as soon as its value is fixed, browse's rent range included.
test('a reversed rent range loses its message as soon as the range is fixed', async ({ page }) => {
  await page.goto('/browse-listing')
  await page.getByLabel('Min rent').fill('900')
  await page.getByLabel('Max rent').fill('100')
  await page.getByRole('button', { name: 'Search' }).click()
  const message = page
    .getByRole('alert')
    .filter({ hasText: 'Minimum rent must not be more than maximum rent.' })
  await expect(message).toBeVisible()
  await page.getByLabel('Max rent').fill('1200')
  await expect(message).toHaveCount(0)
})
