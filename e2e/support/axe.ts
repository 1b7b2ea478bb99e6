import axe, { type AxeResults } from 'axe-core'
import { expect, type Page } from '@playwright/test'
import { keepScreenshot } from './screens.ts'

export type Theme = 'light' | 'dark'
/** The widths every screen is checked at: a phone and a desktop. */
export const CHECKED_WIDTHS = [390, 1280] as const

/**
 * Brings the page's running CSS transitions to their end state: a test that switches the theme or the width and runs
 * axe at once would measure colours halfway between two themes (daisyUI's menu links fade theirs). Finishing them,
 * rather than waiting, can't hang on a transition that something keeps starting again. Endless animations (a
 * spinner) are not transitions and are left alone.
 */
export async function finishTransitions(page: Page) {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        for (const animation of document.getAnimations())
          if (animation instanceof CSSTransition) animation.finish()
        requestAnimationFrame(() => resolve())
      }),
  )
}

/**
 * axe-core's own run in the page, with the script injected once per document. The app has no frames, so this is
 * the whole check; it is a third of the time `@axe-core/playwright` takes (that injects the script on every call
 * and finishes each run in a new blank page), which on a sweep of four checks a page adds up to minutes of the
 * suite. Only violations are gathered in full (axe's passes and incompletes are most of its work).
 */
async function runAxe(page: Page): Promise<AxeResults> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source)
  return page.evaluate(() =>
    (window as unknown as { axe: typeof axe }).axe.run(document, { resultTypes: ['violations'] }),
  )
}

/** axe on the page once its transitions have ended: no serious or critical findings, listed with where they are. */
export async function expectNoSeriousViolations(page: Page) {
  await finishTransitions(page)
  const { violations } = await runAxe(page)
  const serious = violations
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

/**
 * Switches the page's colour mode as the theme button does (Tailwind's `dark` class, daisyUI's `data-theme`, the
 * colour scheme, the stored choice), without the reload that would lose what was typed or an open dialog.
 */
export async function switchTheme(page: Page, theme: Theme) {
  await page.evaluate((value) => {
    const root = document.documentElement
    root.classList.toggle('dark', value === 'dark')
    root.setAttribute('data-theme', value)
    root.style.colorScheme = value
    localStorage.setItem('theme', value)
  }, theme)
}

/**
 * axe on the screen as it is, in both colour modes at both widths: one page load checked four ways instead of four
 * loads. `screenshot` names the screenshots kept of each on request (`<name>-<width>-<theme>`); `onEach` runs after
 * each check. The page is left in the mode and at the width it had.
 */
export async function expectNoSeriousViolationsEverywhere(
  page: Page,
  {
    screenshot,
    onEach,
  }: { screenshot?: string; onEach?: (theme: Theme, width: number) => Promise<void> } = {},
) {
  const viewport = page.viewportSize() ?? { width: 1280, height: 900 }
  const theme = await page.evaluate(() =>
    document.documentElement.classList.contains('dark') ? 'dark' : 'light',
  )
  for (const mode of ['light', 'dark'] as const) {
    await switchTheme(page, mode)
    for (const width of CHECKED_WIDTHS) {
      await page.setViewportSize({ width, height: viewport.height })
      await expectNoSeriousViolations(page)
      if (screenshot) await keepScreenshot(page, `${screenshot}-${width}-${mode}`)
      await onEach?.(mode, width)
    }
  }
  await switchTheme(page, theme)
  await page.setViewportSize(viewport)
}

/** axe on the screen as it is, at its width, in both colour modes; the page is left in the mode it had. */
export async function expectNoSeriousViolationsInBothModes(page: Page) {
  const theme = await page.evaluate(() =>
    document.documentElement.classList.contains('dark') ? 'dark' : 'light',
  )
  for (const mode of ['light', 'dark'] as const) {
    await switchTheme(page, mode)
    await expectNoSeriousViolations(page)
  }
  await switchTheme(page, theme)
}
