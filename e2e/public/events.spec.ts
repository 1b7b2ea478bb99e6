import { expect, test, type Locator } from '@playwright/test'

// Upcoming events are upcoming: each shows its next day with the year, soonest first, never a past day.

test('events show their next occurrence with its year, soonest first', async ({ page }) => {
  await page.clock.setFixedTime(new Date('2026-09-20T12:00:00'))
  await page.goto('/')
  const section = page.locator('section[aria-labelledby="events-title"]')
  const dates = section.locator('time')
  await expect(dates).toHaveCount(9)
  const days = await dates.evaluateAll((times) => times.map((time) => time.getAttribute('datetime')!))
  expect(days.every((day) => day >= '2026-09-20')).toBe(true)
  expect(days).toEqual([...days].sort())
  // Sept 26 is still ahead this year; Aug 29 has passed, so it is next year's.
  expect(days[0]).toBe('2026-09-26')
  expect(days.at(-1)).toBe('2027-09-11')
  await expect(section.locator('time').first()).toHaveText('Sep 26, 2026')
  // Nothing in the section looks or acts like a link: there is nowhere to go.
  await expect(section.getByRole('link')).toHaveCount(0)
})

/** Whether anything in the section is underlined, points like a link, or is coloured as one. */
async function looksLikeLinks(section: Locator) {
  return section.locator('h3, article, time').evaluateAll((elements) => {
    const link = document.createElement('a')
    link.href = '#'
    link.className = 'link link-primary'
    document.body.append(link)
    const linkColour = getComputedStyle(link).color
    link.remove()
    return elements
      .map((element) => getComputedStyle(element))
      .filter(
        (style) =>
          style.textDecorationLine.includes('underline') ||
          style.cursor === 'pointer' ||
          style.color === linkColour,
      ).length
  })
}

test('events and blog teasers are plain text: nothing looks or acts like a link', async ({ page }) => {
  await page.goto('/')
  for (const id of ['events-title', 'blog-title']) {
    const section = page.locator(`section[aria-labelledby="${id}"]`)
    await expect(section.getByRole('heading', { level: 3 }).first()).toBeVisible()
    await expect(section.getByRole('link')).toHaveCount(0)
    expect(await looksLikeLinks(section)).toBe(0)
  }
})
