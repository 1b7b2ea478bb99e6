import { expect, test } from '@playwright/test'

// Every other refused field in Nestmate loses its message as soon as its value is fixed. Browse's reversed rent
// range still keeps its message until Search is pressed again (features/listings/browse-filters.tsx checks the
// range only on submit), so this check waits on that change.
test.fixme('a reversed rent range loses its message as soon as the range is fixed', async ({ page }) => {
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
