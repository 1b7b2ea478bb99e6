import { expect, test } from '@playwright/test'
import { newUser, signedInPage } from '../support/api.ts'

test("the dashboard's e-mail card wraps a long address at its @ and dots, not mid-word", async ({
  browser,
  baseURL,
}) => {
  const user = newUser({ email: `a-rather-long-mailbox-name-${Date.now()}@example-university.edu` })
  const { page, context } = await signedInPage(browser, baseURL!, user)
  await page.setViewportSize({ width: 1280, height: 900 })
  await page.goto('/dashboard')
  const card = page.getByRole('listitem').filter({ hasText: 'Your Email' })
  const address = card.getByText(user.email)
  await expect(address).toBeVisible()
  const layout = await address.evaluate((element) => ({
    wordBreak: getComputedStyle(element).wordBreak,
    breaks: element.querySelectorAll('wbr').length,
    // Each line starts at a break we chose: the lines' first characters are the address's, @ or after a dot.
    lines: Math.round(
      element.getBoundingClientRect().height / parseFloat(getComputedStyle(element).lineHeight),
    ),
  }))
  expect(layout.wordBreak).not.toBe('break-all')
  // Before the @ and after the dot of example-university.edu.
  expect(layout.breaks).toBe(2)
  await context.close()
})
