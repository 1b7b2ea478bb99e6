import { expect, type Page } from '@playwright/test'

/** A tap target's smallest comfortable size on a phone, in CSS pixels (WCAG 2.5.5's 44, checked as 2.5.8 is). */
export const TAP_MIN = 44

/**
 * The page's visible controls (links, buttons, form fields, disclosure summaries) smaller than TAP_MIN×TAP_MIN
 * without that much space around them, each as "what it is and its size". WCAG 2.5.8's spacing exception, at 44:
 * a circle of TAP_MIN's diameter on a small target's centre may touch neither another control nor another small
 * target's circle. A field's label is part of its target (a tap on it works the field), and a link inside a
 * sentence is exempt, as 2.5.8 exempts inline targets. Controls that overlap one another are listed too.
 * `except` names controls left out on purpose (by selector).
 */
export function smallTapTargets(page: Page, except: string[] = []): Promise<string[]> {
  return page.evaluate(
    ({ min, except }) => {
      const selector =
        'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [role="tab"]'
      type Target = { element: HTMLElement; left: number; top: number; right: number; bottom: number }
      const isShown = (element: HTMLElement) =>
        element.checkVisibility({
          opacityProperty: true,
          visibilityProperty: true,
          contentVisibilityAuto: true,
        }) && !element.closest('[inert], [aria-hidden="true"]')
      const isInline = (element: HTMLElement) =>
        element.localName === 'a' &&
        getComputedStyle(element).display === 'inline' &&
        (element.parentElement?.textContent?.trim().length ?? 0) > (element.textContent?.trim().length ?? 0)
      const rectOf = (element: HTMLElement) => {
        const rects = [element.getBoundingClientRect()]
        if (element instanceof HTMLInputElement || element instanceof HTMLSelectElement)
          for (const label of element.labels ?? []) rects.push(label.getBoundingClientRect())
        const shown = rects.filter((rect) => rect.width > 1 && rect.height > 1)
        if (shown.length === 0) return null
        return {
          left: Math.min(...shown.map((rect) => rect.left)) + window.scrollX,
          top: Math.min(...shown.map((rect) => rect.top)) + window.scrollY,
          right: Math.max(...shown.map((rect) => rect.right)) + window.scrollX,
          bottom: Math.max(...shown.map((rect) => rect.bottom)) + window.scrollY,
        }
      }
      const targets: Target[] = []
      for (const element of document.querySelectorAll<HTMLElement>(selector)) {
        if (!isShown(element) || isInline(element) || except.some((skip) => element.matches(skip))) continue
        const rect = rectOf(element)
        // Off the page (a skip link waiting above it until focused).
        if (!rect || rect.bottom <= 0 || rect.right <= 0) continue
        targets.push({ element, ...rect })
      }
      const width = (t: Target) => t.right - t.left
      const height = (t: Target) => t.bottom - t.top
      const isSmall = (t: Target) => width(t) < min - 0.5 || height(t) < min - 0.5
      const centre = (t: Target) => ({ x: (t.left + t.right) / 2, y: (t.top + t.bottom) / 2 })
      const distanceToRect = (point: { x: number; y: number }, t: Target) =>
        Math.hypot(
          Math.max(t.left - point.x, 0, point.x - t.right),
          Math.max(t.top - point.y, 0, point.y - t.bottom),
        )
      // The same control twice (a label around its own input) is one target.
      const isSame = (a: Target, b: Target) => a.element.contains(b.element) || b.element.contains(a.element)
      const name = (t: Target) => {
        const text = (t.element.getAttribute('aria-label') ?? t.element.textContent ?? '').trim()
        const label =
          text ||
          (t.element as HTMLInputElement).labels?.[0]?.textContent?.trim() ||
          t.element.getAttribute('title') ||
          t.element.getAttribute('name') ||
          ''
        return `<${t.element.localName}> "${label.replace(/\s+/g, ' ').slice(0, 40)}" ${Math.round(width(t))}×${Math.round(height(t))}`
      }
      // Two controls on top of each other: a tap on either may work the other.
      const overlap = (a: Target, b: Target) =>
        Math.min(a.right, b.right) - Math.max(a.left, b.left) > 1 &&
        Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 1
      const overlapping = targets.flatMap((target, index) =>
        targets
          .slice(index + 1)
          .filter((other) => !isSame(target, other) && overlap(target, other))
          .map((other) => `${name(target)} overlaps ${name(other)}`),
      )
      return targets
        .filter(
          (target) =>
            isSmall(target) &&
            targets.some(
              (other) =>
                other !== target &&
                !isSame(target, other) &&
                (distanceToRect(centre(target), other) < min / 2 ||
                  (isSmall(other) &&
                    Math.hypot(centre(target).x - centre(other).x, centre(target).y - centre(other).y) <
                      min)),
            ),
        )
        .map(name)
        .concat(overlapping)
    },
    { min: TAP_MIN, except },
  )
}

/** Fails with the list of controls too small to tap on this page (see smallTapTargets). */
export async function expectTappableTargets(page: Page, except: string[] = []) {
  const small = await smallTapTargets(page, except)
  expect.soft(small, `controls under 44×44 px without 44 px around them on ${page.url()}`).toEqual([])
}
