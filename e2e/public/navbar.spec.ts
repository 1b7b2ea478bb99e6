import { expect, test } from '@playwright/test'
import { signedInPage } from '../support/api.ts'

test('a visitor sees the main links, Login and Signup, and the active link in blue', async ({ page }) => {
  await page.goto('/contact')
  const nav = page.getByRole('navigation', { name: 'Main' })
  for (const name of ['Home', 'About Us', 'Contact', 'Support', 'Browse Listing'])
    await expect(nav.getByRole('link', { name, exact: true })).toBeVisible()
  await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveCount(0)
  await expect(nav.getByRole('link', { name: 'Login' })).toBeVisible()
  await expect(nav.getByRole('link', { name: 'Signup' })).toBeVisible()

  const active = nav.getByRole('link', { name: 'Contact', exact: true })
  await expect(active).toHaveAttribute('aria-current', 'page')
  const [r, g, b] = (await active.evaluate((el) => getComputedStyle(el).color)).match(/[\d.]+/g)!.map(Number)
  expect(b!).toBeGreaterThan(r! + 60)
  expect(b!).toBeGreaterThan(g!)

  await nav.getByRole('link', { name: 'Nestmate' }).click()
  await expect(page).toHaveURL('/')
})

test('at phone width the links live in a dropdown menu', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 })
  await page.goto('/')
  const nav = page.getByRole('navigation', { name: 'Main' })
  await expect(nav.getByRole('link', { name: 'About Us' })).toBeHidden()
  const menu = nav.getByRole('button', { name: 'Menu' })
  await menu.click()
  await expect(menu).toHaveAttribute('aria-expanded', 'true')
  await nav.getByRole('link', { name: 'About Us' }).click()
  await expect(page).toHaveURL('/about')
  await expect(nav.getByRole('link', { name: 'About Us' })).toBeHidden()
})

test('the footer quick links reach real pages', async ({ page }) => {
  await page.goto('/')
  const footer = page.getByRole('contentinfo')
  await footer.getByRole('link', { name: 'Add to Find Roommate' }).click()
  // Signed out, the dashboard page sends the visitor to log in: not a dead end.
  await expect(page).toHaveURL(/\/login/)
  await page.goto('/')
  await footer.getByRole('link', { name: 'Browse Listing' }).click()
  await expect(page).toHaveURL('/browse-listing')
  await expect(footer.getByRole('link', { name: 'Browse Listing' })).toHaveAttribute('aria-current', 'page')
  await footer.getByRole('link', { name: 'Privacy Policy' }).click()
  await expect(page.getByRole('heading', { name: 'Privacy Policy' })).toBeVisible()
})

test('a signed-in person sees their picture, name on hover, Dashboard, and can log out', async ({
  browser,
  baseURL,
}) => {
  const { page, context, user } = await signedInPage(browser, baseURL!)
  await page.goto('/')
  const nav = page.getByRole('navigation', { name: 'Main' })
  const avatar = nav.getByRole('img', { name: user.name })
  await expect(avatar).toHaveAttribute('src', '/default-avatar.svg')
  await avatar.hover()
  await expect(page.getByRole('tooltip', { name: user.name })).toBeVisible()
  await expect(nav.getByRole('link', { name: 'Dashboard' })).toBeVisible()
  await expect(nav.getByRole('link', { name: 'Login' })).toHaveCount(0)

  await nav.getByRole('button', { name: 'Logout' }).click()
  const dialog = page.getByRole('dialog')
  await expect(dialog).toContainText('Are you sure?')
  await expect(dialog).toContainText('You will be logged out.')
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  await expect(nav.getByRole('button', { name: 'Logout' })).toBeVisible()

  await page.goto('/about')
  await nav.getByRole('button', { name: 'Logout' }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Logout' }).click()
  await expect(page.getByRole('dialog')).toContainText('LogOut!')
  await expect(page.getByRole('dialog')).toContainText('Successfully')
  await expect(page).toHaveURL('/')
  await expect(nav.getByRole('link', { name: 'Login' })).toBeVisible()
  await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveCount(0)
  await context.close()
})
