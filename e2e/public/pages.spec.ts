import { expect, test } from '@playwright/test'
import { expectNoSeriousViolationsEverywhere } from '../support/axe.ts'
import { stickingOut } from '../support/layout.ts'
import { WIDTHS, useTheme } from './helpers.ts'

// Every public page, in both colour modes, at phone and desktop width: it renders its heading, has the right
// title, is in the requested theme, and axe finds no serious or critical accessibility problem.
const PAGES = [
  // The home page's last section: those below the fold render a moment after the banner, and axe must see them.
  { path: '/', title: 'Nestmate | Home', heading: 'Stay in the loop' },
  { path: '/about', title: 'Nestmate | About Us', heading: 'Who We Are' },
  { path: '/contact', title: 'Nestmate | Contact', heading: 'Talk to the Nestmate team' },
  { path: '/support', title: 'Nestmate | Support', heading: 'Need Help Finding a Roommate?' },
  { path: '/browse-listing', title: 'Nestmate | Browse Listing', heading: 'Browse All Listings!' },
  { path: '/no-such-page', title: 'Nestmate | Page not found', heading: 'Oops! Something went wrong' },
]

// Still pages for axe: no typing or sliding mid-check (home.spec.ts covers the moving version).
test.use({ reducedMotion: 'reduce' })

for (const { path, title, heading } of PAGES) {
  test(`${path} is readable and accessible in both modes at phone and desktop width`, async ({ page }) => {
    // Four axe sweeps of a whole page: 20–30 s of the default 30 with the other worker busy (browse's 24 cards
    // took 29.8 s), so three times the budget rather than a timeout on a loaded machine.
    test.slow()
    const errors: string[] = []
    page.on('pageerror', (error) => errors.push(error.message))
    await page.setViewportSize({ width: WIDTHS.desktop, height: 860 })
    await page.goto(path)
    await expect(page.getByRole('heading', { name: heading }).first()).toBeVisible()
    await expect(page).toHaveTitle(title)
    await expect(page.getByRole('contentinfo')).toContainText(`© ${new Date().getFullYear()} Nestmate`)
    await expectNoSeriousViolationsEverywhere(page, {
      onEach: async (_theme, width) => {
        // Nothing may stick out sideways at phone width.
        if (width === WIDTHS.phone) expect(await stickingOut(page)).toEqual([])
      },
    })
    expect(errors).toEqual([])
  })
}

// A returning visitor's colour mode is there from the first paint, on every public page.
test('each public page opens in the dark mode a visitor chose', async ({ page }) => {
  await useTheme(page, 'dark')
  for (const { path, heading } of PAGES) {
    await page.goto(path)
    await expect(page.getByRole('heading', { name: heading }).first()).toBeVisible()
    const html = page.locator('html')
    await expect(html).toHaveAttribute('data-theme', 'dark')
    await expect(html).toHaveClass(/\bdark\b/)
  }
})
