import type { Page } from '@playwright/test'

export const WIDTHS = { phone: 390, desktop: 1280 } as const
import type { Theme } from '../support/axe.ts'

export type { Theme }

/** Starts the page in a colour theme the way a returning visitor would: from local storage. */
export async function useTheme(page: Page, theme: Theme) {
  await page.addInitScript((value) => window.localStorage.setItem('theme', value), theme)
}

/** Scrolls the whole page so every scroll-reveal section has played, then returns to the top. */
export async function revealAll(page: Page) {
  const height = await page.evaluate(() => document.documentElement.scrollHeight)
  for (let y = 0; y < height; y += 500) {
    await page.evaluate((top) => window.scrollTo(0, top), y)
    await page.waitForTimeout(60)
  }
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
  await page.waitForTimeout(1200)
}

// One axe check for every spec (e2e/support/axe.ts), under the name the public specs know it by.
export { expectNoSeriousViolations as expectNoSeriousA11yViolations } from '../support/axe.ts'
