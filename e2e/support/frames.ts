import type { Locator, Page } from '@playwright/test'

/**
 * Resolves once the page has drawn two more frames: what a click's answer starts (a render, the requests a render
 * sends) has happened by then. A wait for the page, not for a time.
 */
export async function afterTwoFrames(page: Page): Promise<void> {
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  )
}

/** Resolves once `scroller` has held its scroll position for three frames in a row: its scroll has come to rest. */
export async function scrollAtRest(scroller: Locator): Promise<void> {
  await scroller.evaluate(
    (element) =>
      new Promise<void>((resolve) => {
        let last = element.scrollLeft + ',' + element.scrollTop
        let still = 0
        const check = () => {
          const now = element.scrollLeft + ',' + element.scrollTop
          still = now === last ? still + 1 : 0
          last = now
          if (still >= 3) resolve()
          else requestAnimationFrame(check)
        }
        requestAnimationFrame(check)
      }),
  )
}
