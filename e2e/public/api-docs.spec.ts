import { expect, test, type Page } from '@playwright/test'
import { expectNoSeriousViolations } from '../support/axe.ts'
import { keepScreenshot } from '../support/screens.ts'

// The API reference at /api/docs: rendered by Nestmate from /api/openapi.json, in both colour modes and at
// phone and desktop widths; its code never loads with the public pages.

const isDocsChunk = (url: string) => /\/assets\/api-docs-[\w-]+\.js$/.test(url)

async function openReference(page: Page) {
  await page.goto('/api/docs')
  await expect(page.getByRole('heading', { level: 1, name: 'Nestmate API' })).toBeVisible()
}

for (const theme of ['light', 'dark'] as const)
  for (const width of [390, 1280])
    test(`the reference at ${width} px, ${theme}: every operation listed, one opens to its answers, axe clean`, async ({
      page,
    }) => {
      // axe reads a long page: more time than the default, on a machine shared with the rest of the suite.
      test.setTimeout(90_000)
      await page.setViewportSize({ width, height: 900 })
      await page.addInitScript((mode) => localStorage.setItem('theme', mode), theme)
      await openReference(page)
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme)
      await expect(page.getByRole('link', { name: '/api/openapi.json' })).toBeVisible()
      // Each operation is folded under its method and path, with its operationId as its element id.
      const details = page.locator('#getRoommateListingsById')
      await details.getByText('/api/roommate-listings/{id}', { exact: true }).click()
      await expect(details.getByText(/^Who: signed in/)).toBeVisible()
      await expect(details.getByRole('term').filter({ hasText: '401' })).toBeVisible()
      await expectNoSeriousViolations(page)
      await keepScreenshot(page, `api-docs-${width}-${theme}`, { fullPage: false })
    })

test('the home and browse pages never load the reference', async ({ page }) => {
  const loaded: string[] = []
  page.on('request', (request) => loaded.push(request.url()))
  await page.goto('/')
  await expect(page.locator('#root')).toHaveAttribute('data-hydrated')
  await page.goto('/browse-listing')
  await expect(page.locator('#root')).toHaveAttribute('data-hydrated')
  expect(loaded.filter(isDocsChunk)).toEqual([])
  await openReference(page)
  expect(loaded.filter(isDocsChunk)).toHaveLength(1)
})
