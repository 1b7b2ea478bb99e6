import { expect, test } from '@playwright/test'

test('the theme starts light, toggles to dark with the right tooltip, and survives a reload', async ({
  page,
}) => {
  await page.goto('/about')
  const html = page.locator('html')
  await expect(html).toHaveAttribute('data-theme', 'light')
  await expect(html).not.toHaveClass(/\bdark\b/)
  // /about arrives prerendered; wait until the app has hydrated it. The user menu then replaces "Checking sign-in"
  // beside the toggle, which moves it from under a resting pointer.
  await expect(page.locator('#root')).toHaveAttribute('data-hydrated')
  await expect(page.getByText('Checking sign-in')).toHaveCount(0)

  const toggle = page.getByRole('button', { name: 'Toggle theme' })
  await toggle.hover()
  await expect(page.getByRole('tooltip', { name: 'Switch to Dark Mode' })).toBeVisible()

  await toggle.click()
  await expect(html).toHaveClass(/\bdark\b/)
  await expect(html).toHaveAttribute('data-theme', 'dark')
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark')
  await expect(page.getByRole('tooltip', { name: 'Switch to Light Mode' })).toBeVisible()

  await page.reload()
  await expect(html).toHaveClass(/\bdark\b/)
  // The reloaded page is prerendered again: the toggle answers once the app has hydrated it.
  await expect(page.locator('#root')).toHaveAttribute('data-hydrated')
  await expect(page.getByRole('button', { name: 'Toggle theme' })).toHaveAccessibleDescription(
    'Switch to Light Mode',
  )

  await page.getByRole('button', { name: 'Toggle theme' }).click()
  await expect(html).not.toHaveClass(/\bdark\b/)
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light')
})

test('the saved theme is applied before the app script runs (no flash of the wrong theme)', async ({
  page,
}) => {
  await page.addInitScript(() => localStorage.setItem('theme', 'dark'))
  // Block the app bundle: only index.html and public/theme-init.js can act.
  await page.route('**/assets/*.js', (route) => route.abort())
  await page.goto('/')
  await expect(page.locator('html')).toHaveClass(/\bdark\b/)
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark')
})
