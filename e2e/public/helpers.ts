import AxeBuilder from '@axe-core/playwright'
import { expect, type Page } from '@playwright/test'
import { transitionsSettled } from '../support/axe.ts'

export const WIDTHS = { phone: 390, desktop: 1280 } as const
export type Theme = 'light' | 'dark'

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

/** Fails on any serious or critical axe violation, listing what and where. */
export async function expectNoSeriousA11yViolations(page: Page) {
  await transitionsSettled(page)
  const results = await new AxeBuilder({ page }).analyze()
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      rule: violation.id,
      help: violation.help,
      targets: violation.nodes
        .slice(0, 5)
        .map((node) => `${node.target.join(' ')} :: ${node.failureSummary ?? ''}`),
    }))
  expect(serious, JSON.stringify(serious, null, 2)).toEqual([])
}
