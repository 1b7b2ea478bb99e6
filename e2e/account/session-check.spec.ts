import { expect, test, type Page } from '@playwright/test'
import { signedInPage } from '../support/api.ts'

// Issue 41: a session check the server refuses as too many (429) says nothing about the session. The network's
// answer is what is simulated here; the server's own limit, per session, is tested in
// src/server/security-tests/session-check-limit.test.ts.

const refuseSessionChecks = (page: Page) =>
  page.route('**/api/auth/get-session*', (route) =>
    route.fulfill({
      status: 429,
      headers: { 'retry-after': '30' },
      contentType: 'application/json',
      body: JSON.stringify({ error: 'Too many requests.', message: 'Too many requests.' }),
    }),
  )

test('a signed-in person whose session checks are refused as too many stays signed in', async ({
  browser,
  baseURL,
}) => {
  const { context, page } = await signedInPage(browser, baseURL!)
  try {
    await page.goto('/')
    const logout = page.getByRole('button', { name: 'Logout' })
    await expect(logout).toBeVisible()

    await refuseSessionChecks(page)
    // The tab checks again when it regains focus, and each signed-in page's loader checks before it opens.
    await page.evaluate(() => window.dispatchEvent(new Event('visibilitychange')))
    await page.getByRole('link', { name: 'Dashboard' }).click()
    await expect(page).toHaveURL(`${baseURL}/dashboard`)
    await expect(page.getByRole('heading', { name: /welcome/i })).toBeVisible()
    await expect(logout).toBeVisible()
    await expect(page.getByRole('link', { name: 'Login' })).toHaveCount(0)

    // Opened afresh, the tab knows nothing yet: the page says what happened and offers Retry, not the login page.
    await page.reload()
    await expect(page.getByText('Too many requests.')).toBeVisible()
    await expect(page).toHaveURL(`${baseURL}/dashboard`)
    await page.unroute('**/api/auth/get-session*')
    await page.getByRole('button', { name: 'Retry' }).click()
    await expect(page.getByRole('heading', { name: /welcome/i })).toBeVisible()
  } finally {
    await context.close()
  }
})
