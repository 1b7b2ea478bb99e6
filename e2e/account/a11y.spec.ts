import { expect, test } from '@playwright/test'
import { createListingViaApi, newUser, signedInPage, type TestUser } from '../support/api.ts'
import {
  expectNoSeriousViolations,
  expectNoSeriousViolationsEverywhere,
  expectNoSeriousViolationsInBothModes,
} from '../support/axe.ts'

// Every signed-in page, in both colour modes, at desktop and phone width: no serious or critical axe findings.

const PAGES = [
  { name: 'overview', path: () => '/dashboard', ready: (u: TestUser) => `Welcome, ${u.name}!` },
  { name: 'add listing', path: () => '/dashboard/find-rommate', ready: () => 'Add Listing' },
  { name: 'my listings', path: () => '/dashboard/my-listing', ready: () => 'My Listings' },
  {
    name: 'update listing',
    path: (id: string) => `/dashboard/my-listing/${id}`,
    ready: () => 'Update Listing',
  },
  { name: 'browse', path: () => '/dashboard/browse-listing', ready: () => 'Browse All Listings!' },
  {
    name: 'details',
    path: (id: string) => `/dashboard/browse-listing-details/${id}`,
    ready: () => 'people interested in',
  },
  { name: 'living profile', path: () => '/dashboard/living-profile', ready: () => 'Save living profile' },
  { name: 'profile settings', path: () => '/dashboard/profile-settings', ready: () => 'Save Changes' },
]

// Four pages a test, each loaded once and checked in both modes at both widths; the phone's sidebar drawer goes
// with the second four.
const HALVES = [PAGES.slice(0, 4), PAGES.slice(4)]

for (const [half, pages] of HALVES.entries()) {
  test(`dashboard pages ${half * 4 + 1}–${half * 4 + pages.length} pass axe in both modes at 390 and 1280 px`, async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(120_000)
    const { page, context, user } = await signedInPage(browser, baseURL!)
    await page.setViewportSize({ width: 1280, height: 900 })
    const id = await createListingViaApi(context.request, baseURL!, { title: 'Axe check room' })
    for (const entry of pages) {
      await test.step(entry.name, async () => {
        await page.goto(entry.path(id))
        await expect(page.getByText(entry.ready(user)).first()).toBeVisible()
        await expectNoSeriousViolationsEverywhere(page)
      })
    }
    if (half === 1) {
      await test.step('the sidebar drawer on a phone, open, in both modes', async () => {
        await page.setViewportSize({ width: 390, height: 900 })
        await page.getByRole('button', { name: 'Dashboard menu' }).click()
        const sidebar = page.getByRole('navigation', { name: 'Dashboard' })
        await expect(sidebar.getByRole('link', { name: 'Add Roommate Listing' })).toBeVisible()
        await expectNoSeriousViolationsInBothModes(page)
        await page.keyboard.press('Escape')
        await expect(sidebar.getByRole('link', { name: 'Add Roommate Listing' })).toBeHidden()
        await expect(page.getByRole('button', { name: 'Dashboard menu' })).toBeFocused()
        await page.getByRole('button', { name: 'Dashboard menu' }).click()
        await sidebar.getByRole('link', { name: 'My Listing' }).click()
        await expect(page).toHaveURL(/\/dashboard\/my-listing$/)
        await expect(sidebar.getByRole('link', { name: 'Add Roommate Listing' })).toBeHidden()
      })
    }
    await context.close()
  })
}

test("login, signup and signup's next step pass axe in both modes", async ({ page }) => {
  test.setTimeout(90_000)
  for (const theme of ['light', 'dark']) {
    await page.goto('/login')
    await page.evaluate((value) => localStorage.setItem('theme', value), theme)
    for (const path of ['/login', '/signup']) {
      await page.goto(path)
      await expect(page.getByLabel('Password')).toBeVisible()
      await expectNoSeriousViolations(page)
    }
    const user = newUser()
    await page.getByLabel('Name').fill(user.name)
    await page.getByLabel('Email').fill(user.email)
    await page.getByLabel('Password').fill(user.password)
    await page.getByRole('button', { name: 'Sign up' }).click()
    await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible()
    await expectNoSeriousViolations(page)
  }
})
