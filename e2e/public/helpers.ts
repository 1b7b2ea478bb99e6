import type { Page } from '@playwright/test'

export const WIDTHS = { phone: 390, desktop: 1280 } as const
import type { Theme } from '../support/axe.ts'

export type { Theme }

/** Starts the page in a colour theme the way a returning visitor would: from local storage. */
export async function useTheme(page: Page, theme: Theme) {
  await page.addInitScript((value) => window.localStorage.setItem('theme', value), theme)
}

// One axe check for every spec (e2e/support/axe.ts), under the name the public specs know it by.
export { expectNoSeriousViolations as expectNoSeriousA11yViolations } from '../support/axe.ts'
