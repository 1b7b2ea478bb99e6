import { expect, test } from '@playwright/test'
import { WIDTHS, expectNoSeriousA11yViolations, useTheme, type Theme } from './helpers.ts'

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

for (const theme of ['light', 'dark'] as Theme[]) {
  for (const [device, width] of Object.entries(WIDTHS)) {
    test.describe(`${theme} mode, ${device} width`, () => {
      // Still pages for axe: no typing or sliding mid-check (home.spec.ts covers the moving version).
      test.use({ viewport: { width, height: 860 }, reducedMotion: 'reduce' })

      for (const { path, title, heading } of PAGES) {
        test(`${path} is readable and accessible`, async ({ page }) => {
          const errors: string[] = []
          page.on('pageerror', (error) => errors.push(error.message))
          await useTheme(page, theme)
          await page.goto(path)

          await expect(page.getByRole('heading', { name: heading }).first()).toBeVisible()
          await expect(page).toHaveTitle(title)
          const html = page.locator('html')
          await expect(html).toHaveAttribute('data-theme', theme)
          if (theme === 'dark') await expect(html).toHaveClass(/\bdark\b/)
          else await expect(html).not.toHaveClass(/\bdark\b/)
          await expect(page.getByRole('contentinfo')).toContainText(`© ${new Date().getFullYear()} Nestmate`)

          // Nothing may stick out sideways at phone width.
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
          expect(overflow).toBeLessThanOrEqual(0)

          await expectNoSeriousA11yViolations(page)
          expect(errors).toEqual([])
        })
      }
    })
  }
}
