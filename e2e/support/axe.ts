import AxeBuilder from '@axe-core/playwright'
import { expect, type Page } from '@playwright/test'

/**
 * Waits for the page's CSS transitions to end: a test that switches the theme or the width and runs axe at once
 * would measure colours halfway between two themes (daisyUI's menu links fade theirs). Endless animations (a
 * spinner) are not transitions and don't hold it up.
 */
export async function transitionsSettled(page: Page) {
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => !(animation instanceof CSSTransition)),
  )
}

/** axe on the page once its transitions have ended: no serious or critical findings. */
export async function expectNoSeriousViolations(page: Page) {
  await transitionsSettled(page)
  const { violations } = await new AxeBuilder({ page }).analyze()
  const serious = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
  expect(serious).toEqual([])
}
