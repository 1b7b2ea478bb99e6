import { expect, test } from '@playwright/test'

// A typed heading is painted whole: the prerendered page shows the complete first phrase before any script
// runs, and the typing starts only after a pause.

const pages = [
  // The home page's first slide is plain markup until the carousel takes over and types it.
  { path: '/', heading: 'Find Your Ideal Roommate', typed: '.swiper-slide-active h2 [data-typed]' },
  { path: '/browse-listing', heading: 'Browse All Listings!', typed: 'h1 [data-typed]' },
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
      .evaluate((element) => (element.querySelector('[data-typed]') ?? element).textContent)
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

test('/browse-listing: the typed heading keeps its space, so the filters never move while it types', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto('/browse-listing')
  // On a phone the filters are folded: the Filters switch is what sits under the heading.
  const filters = page.getByText('Filters', { exact: true })
  const top = async () => (await filters.boundingBox())!.y
  const before = await top()
  // The second phrase takes two lines at this width; the heading held room for it from the first paint.
  const typed = page.locator('h1 [data-typed]')
  await expect(typed).toContainText('Find Your Partner And See', { timeout: 15_000 })
  expect(await top()).toBe(before)
  // The page's heading is plain for screen readers: the first phrase, not the three run together.
  await expect(page.getByRole('heading', { level: 1 })).toHaveAccessibleName('Browse All Listings!')
})
