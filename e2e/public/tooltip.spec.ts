import { expect, test, type Page } from '@playwright/test'
import { WIDTHS } from './helpers.ts'
import { afterTwoFrames } from '../support/frames.ts'

/** /about arrives prerendered and inert; the user menu then moves the toggle once sign-in has been checked. */
async function openAbout(page: Page) {
  await page.goto('/about')
  await expect(page.locator('#root')).not.toHaveAttribute('inert')
  await expect(page.getByText('Checking sign-in')).toHaveCount(0)
  return page.getByRole('button', { name: 'Toggle theme' })
}

test('a tooltip shows on hover and on keyboard focus, and Escape hides it', async ({ page }) => {
  const toggle = await openAbout(page)
  const tooltip = page.getByRole('tooltip', { name: 'Switch to Dark Mode' })
  await expect(tooltip).toBeHidden()

  await toggle.hover()
  await expect(tooltip).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(tooltip).toBeHidden()
  await page.mouse.move(0, 600)

  // Tab to the toggle, as a keyboard user would.
  for (
    let presses = 0;
    presses < 15 && !(await toggle.evaluate((el) => el === document.activeElement));
    presses++
  )
    await page.keyboard.press('Tab')
  await expect(toggle).toBeFocused()
  await expect(tooltip).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(tooltip).toBeHidden()
  await expect(toggle).toBeFocused()
})

test.describe('on a phone with touch', () => {
  test.use({ viewport: { width: WIDTHS.phone, height: 844 }, hasTouch: true, isMobile: true })

  test('tapping the theme toggle leaves no tooltip on screen, before or after scrolling', async ({
    page,
  }) => {
    const toggle = await openAbout(page)
    await toggle.tap()
    await expect(page.locator('html')).toHaveClass(/\bdark\b/)
    await expect(page.getByRole('tooltip')).toHaveCount(0)
    await page.evaluate(() => window.scrollBy(0, 300))
    // The scroll's events have been handled once the page has drawn twice after it.
    await afterTwoFrames(page)
    await expect(page.getByRole('tooltip')).toHaveCount(0)
    await toggle.tap()
    await expect(page.locator('html')).not.toHaveClass(/\bdark\b/)
    await expect(page.getByRole('tooltip')).toHaveCount(0)
  })

  test('tapping the disabled Google button shows why for a moment, and scrolling takes it away', async ({
    page,
  }) => {
    await page.route('**/api/config', (route) =>
      route.fulfill({ json: { currency: 'USD', googleSignIn: false } }),
    )
    await page.goto('/login')
    const google = page.getByRole('button', { name: 'Continue with Google' })
    await google.tap({ force: true })
    const tooltip = page.getByRole('tooltip')
    await expect(tooltip).toContainText('Google sign-in is not set up')
    // The reason fits on the screen.
    const box = (await tooltip.boundingBox())!
    expect(box.x).toBeGreaterThanOrEqual(0)
    expect(box.x + box.width).toBeLessThanOrEqual(WIDTHS.phone)
    await page.evaluate(() => window.scrollBy(0, 200))
    await expect(tooltip).toBeHidden()
    await expect(page).toHaveURL(/\/login$/)
  })
})
