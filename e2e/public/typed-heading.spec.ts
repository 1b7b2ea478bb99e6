import { expect, test } from '@playwright/test'

// A typed heading is painted whole: the prerendered page shows the complete first phrase before any script
// runs, and the typing starts only after a pause.

const pages = [
  // The home page's first slide is plain markup until the carousel takes over and types it.
  { path: '/', heading: 'Find Your Ideal Roommate', typed: '.swiper-slide-active h2 [aria-hidden="true"]' },
  { path: '/browse-listing', heading: 'Browse All Listings!', typed: 'h1 [aria-hidden="true"]' },
]

for (const { path, heading, typed: typedSelector } of pages) {
  test(`${path}: the first paint shows the whole first phrase, without JavaScript`, async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false })
    const page = await context.newPage()
    await page.goto(path)
    // What is drawn: the typed part of the heading where it has one (the rest is for screen readers only).
    const drawn = await page
      .locator(':is(h1, h2)', { hasText: heading })
      .first()
      .evaluate((element) => (element.querySelector('[aria-hidden="true"]') ?? element).textContent)
    expect(drawn?.replace(/\|$/, '')).toBe(heading)
    await context.close()
  })

  test(`${path}: the typing starts after the page is painted, and screen readers get the whole heading`, async ({
    page,
  }) => {
    await page.goto(path)
    const typed = page.locator(typedSelector).first()
    // Whole when the typewriter starts, not blank or cut ("Find Y|")…
    await typed.waitFor()
    expect((await typed.textContent())!.replace('|', '')).toBe(heading)
    // …and typing a moment later.
    await expect
      .poll(async () => (await typed.textContent())!.replace('|', '').length)
      .toBeLessThan(heading.length)
    await expect(page.getByRole('heading', { name: heading }).first()).toBeAttached()
  })
}
