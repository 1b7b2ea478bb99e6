import { expect, test } from '@playwright/test'
import { createListingViaApi, signedInPage, uniqueToken } from '../support/api.ts'
import { expectNoSeriousViolations } from '../support/axe.ts'
import { MODERATORS, moderatorPage } from '../support/moderator.ts'
import { useTheme, WIDTHS } from '../public/helpers.ts'

// A listing is posted at once, words and all; the signals job (woken by the write on the job runner) reads it
// afterwards and files the system's own report, which a moderator finds in the queue saying why. It never hides the
// listing.

test('the system reports a listing with scam phrases, and the moderator reads why (axe at 390 and 1280 px, both themes)', async ({
  browser,
  baseURL,
}) => {
  // The write wakes the job: the report is there within seconds (the schedule, each minute, is only a safety net).
  test.setTimeout(60_000)
  const poster = await signedInPage(browser, baseURL!)
  const title = `Bargain room ${uniqueToken()}`
  const listingId = await createListingViaApi(poster.context.request, baseURL!, {
    title,
    description: 'I am abroad for work. Pay the deposit by Western Union and I post you the keys.',
  })

  const moderator = await moderatorPage(browser, baseURL!, MODERATORS.signals)
  const { page } = moderator
  const entry = page.getByRole('article', { name: new RegExp(title) })
  await page.goto('/dashboard/moderation')
  await expect(async () => {
    await page.reload()
    await expect(entry).toBeVisible({ timeout: 5_000 })
  }).toPass({ timeout: 40_000, intervals: [1_000] })

  const reports = entry.getByRole('list', { name: 'Reports' })
  await expect(reports).toContainText('Words scams use — Nestmate noticed')
  await expect(reports).toContainText(
    'Its title or description uses words scams use: “western union”, “i am abroad”.',
  )
  await expect(entry.getByRole('heading')).toContainText('0 of 3 that hide it')
  for (const theme of ['light', 'dark'] as const) {
    await useTheme(page, theme)
    await page.reload()
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme)
    for (const [label, width] of Object.entries(WIDTHS)) {
      await page.setViewportSize({ width, height: 900 })
      await expect(entry).toBeVisible()
      await expectNoSeriousViolations(page)
      if (process.env.E2E_SCREENSHOTS)
        await page.screenshot({
          path: `${process.env.E2E_SCREENSHOTS}/signals-queue-${label}-${theme}.png`,
          fullPage: true,
        })
    }
  }

  // The system's report hides nothing: it is still there for everyone, the moderator included.
  await page.goto(`/dashboard/browse-listing-details/${listingId}`)
  await expect(page.getByRole('heading', { name: title })).toBeVisible()
  for (const context of [poster.context, moderator.context]) await context.close()
})
