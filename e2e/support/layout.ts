import type { Page } from '@playwright/test'

/**
 * Nothing when the page is no wider than the window; otherwise the elements whose right edge is past the window's,
 * innermost first, each with the start of its text (what a failure needs to say).
 */
export function stickingOut(page: Page) {
  return page.evaluate(() =>
    document.documentElement.scrollWidth <= window.innerWidth
      ? []
      : [...document.querySelectorAll('body *')]
          .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 0.5)
          .filter((element) => element.checkVisibility())
          .reverse()
          .slice(0, 5)
          .map(
            (element) =>
              `<${element.localName} class="${element.className}">${element.textContent?.slice(0, 60)}`,
          ),
  )
}
