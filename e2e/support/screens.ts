import type { Page } from '@playwright/test'

/**
 * A screenshot of the screen for a person to look at, kept only when asked (`E2E_SCREENSHOTS=<folder>`): the suite
 * asserts what a person would see with locators and axe, so a run for CI spends no time drawing pictures nobody reads.
 */
export async function keepScreenshot(page: Page, name: string, { fullPage = true } = {}) {
  const folder = process.env.E2E_SCREENSHOTS
  if (folder) await page.screenshot({ path: `${folder}/${name}.png`, fullPage })
}
