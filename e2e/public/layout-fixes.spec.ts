import { expect, test } from '@playwright/test'
import { revealAll, useTheme, WIDTHS } from './helpers.ts'

for (const theme of ['light', 'dark'] as const) {
  test(`phone, ${theme}: the newsletter's e-mail field is full height and shows its whole placeholder`, async ({
    page,
  }) => {
    await useTheme(page, theme)
    await page.setViewportSize({ width: WIDTHS.phone, height: 800 })
    await page.goto('/')
    await revealAll(page)
    const field = page.getByRole('textbox', { name: 'Email address' })
    const box = (await field.boundingBox())!
    expect(box.height).toBeGreaterThanOrEqual(44)
    // The placeholder fits: the field is wider than its text.
    const fits = await field.evaluate((input: HTMLInputElement) => input.scrollWidth <= input.clientWidth)
    expect(fits).toBe(true)
  })
}

test('keyboard focus on a nav link is a clear 2 px outline', async ({ page }) => {
  await page.goto('/about')
  // Tab from the top of the page to the Contact link, as a keyboard user would.
  for (let presses = 0; presses < 12; presses++) {
    await page.keyboard.press('Tab')
    if ((await page.evaluate(() => document.activeElement?.textContent)) === 'Contact') break
  }
  const outline = await page.evaluate(() => {
    const style = getComputedStyle(document.activeElement!)
    return { text: document.activeElement!.textContent, width: style.outlineWidth, style: style.outlineStyle }
  })
  expect(outline).toEqual({ text: 'Contact', width: '2px', style: 'solid' })
})
