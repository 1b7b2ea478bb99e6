import { expect, test, type Page } from '@playwright/test'
import { expectNoSeriousViolationsEverywhere } from '../support/axe.ts'
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

/**
 * Nothing when the page is no wider than the window; otherwise the elements whose right edge is past the window's,
 * innermost first, each with the start of its text (what a failure needs to say).
 */
function stickingOut(page: Page) {
  return page.evaluate(() =>
    document.documentElement.scrollWidth <= window.innerWidth
      ? []
      : [...document.querySelectorAll('body *')]
          .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 0.5)
          .filter((element) => element.checkVisibility())
          .reverse()
          .slice(0, 5)
          .map(
            (element) =>
              `<${element.localName} class="${element.className}">${element.textContent?.slice(0, 60)}`,
          ),
  )
}

// Still pages for axe: no typing or sliding mid-check (home.spec.ts covers the moving version).
test.use({ reducedMotion: 'reduce' })

for (const { path, title, heading } of PAGES) {
  test(`${path} is readable and accessible in both modes at phone and desktop width`, async ({ page }) => {
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
