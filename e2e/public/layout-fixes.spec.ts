import { expect, test } from '@playwright/test'
import { useTheme, WIDTHS } from './helpers.ts'
import { stickingOut } from '../support/layout.ts'
import { createListingViaApi, newUser, signedInPage, uniqueLetterToken } from '../support/api.ts'

for (const theme of ['light', 'dark'] as const) {
  test(`phone, ${theme}: the newsletter's e-mail field is full height and shows its whole placeholder`, async ({
    page,
  }) => {
    await useTheme(page, theme)
    await page.setViewportSize({ width: WIDTHS.phone, height: 800 })
    // Without motion every section is drawn at its final size at once: no scroll reveal to wait for.
    await page.emulateMedia({ reducedMotion: 'reduce' })
    await page.goto('/')
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

test('a room whose title, place and poster are long unbroken words still fits a phone, on browse and its details', async ({
  browser,
  baseURL,
}) => {
  const token = uniqueLetterToken('Wide')
  const long = (start: string, length: number) => `${start}${token}`.padEnd(length, 'x')
  const { context, page } = await signedInPage(browser, baseURL!, newUser({ name: long('Poster', 80) }))
  const id = await createListingViaApi(page.request, baseURL!, {
    title: long('Loft', 120),
    location: long('Town', 100),
  })
  await page.setViewportSize({ width: WIDTHS.phone, height: 800 })
  await page.goto(`/browse-listing?q=${token}`)
  await expect(page.getByRole('main').getByRole('article')).toHaveCount(1)
  expect(await stickingOut(page)).toEqual([])
  await page.goto(`/browse-listing-details/${id}`)
  await expect(page.getByRole('heading', { name: long('Loft', 120) })).toBeVisible()
  expect(await stickingOut(page)).toEqual([])
  await context.close()
})

test('browse turned from desktop to phone width keeps every card within the window', async ({
  browser,
  baseURL,
}) => {
  const token = uniqueLetterToken('Turn')
  const { context, page } = await signedInPage(browser, baseURL!)
  for (let i = 0; i < 30; i++)
    await createListingViaApi(page.request, baseURL!, { title: `${token} room ${i}` })
  await page.setViewportSize({ width: WIDTHS.desktop, height: 800 })
  await page.goto(`/browse-listing?q=${token}`)
  // Every card drawn at desktop width (scrolled past to Load more), then back to the top.
  const loadMore = page.getByRole('button', { name: 'Load more' })
  await loadMore.scrollIntoViewIfNeeded()
  await expect(loadMore).toBeInViewport()
  await page.evaluate(() => window.scrollTo(0, 0))
  await page.setViewportSize({ width: WIDTHS.phone, height: 800 })
  // Cards drawn at desktop width and now below the fold keep their last size until they are drawn again.
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  )
  expect(await stickingOut(page)).toEqual([])
  await context.close()
})
