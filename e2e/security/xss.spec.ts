import { expect, test, type Page } from '@playwright/test'
import { createListingViaApi, signedInPage, uniqueToken } from '../support/api.ts'
import { afterTwoFrames } from '../support/frames.ts'

// Script tags, HTML, javascript: and data: URLs in every text field of a listing and a profile are stored as
// given, shown as text, and never run. Each page is watched for dialogs, page errors, CSP violations (an
// injected handler that CSP blocked is still a bug) and a global that every payload tries to set.

const token = uniqueToken('Xss')
const P = {
  script: '<script>window.__xss=1;alert(1)</script>',
  img: '<img src=x onerror="window.__xss=1;alert(1)">',
  svg: '"><svg onload="window.__xss=1;alert(1)">',
  js: 'javascript:window.__xss=1;alert(1)',
  data: 'data:text/html,<script>alert(1)</script>',
  link: '<a href="javascript:alert(1)">click me</a>',
}
const listing = {
  title: `${token} ${P.img}`,
  location: `${token} ${P.script}`,
  lifestyle: `${P.svg} ${P.js}`,
  description: Object.values(P).join(' | '),
  contact: `https://example.com/${token}?q="><script>alert(1)</script>`,
  number: '+1 (503) 555-0100',
}
const profileName = `<img src=x onerror=alert(1)> ${token.slice(0, 8)}`

function trap(page: Page) {
  const problems: string[] = []
  page.on('dialog', (dialog) => {
    problems.push(`dialog: ${dialog.message()}`)
    void dialog.dismiss()
  })
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`))
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to (execute|load)|__xss/i.test(message.text()))
      problems.push(`console: ${message.text()}`)
  })
  return problems
}

async function expectInert(page: Page, problems: string[]) {
  // Give any injected handler (onerror on a broken image, onload) the chance to fire.
  await page.waitForLoadState('networkidle')
  await page.evaluate(() =>
    Promise.all([...document.images].map((image) => image.decode().catch(() => undefined))),
  )
  await afterTwoFrames(page)
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined()
  await expect(page.locator('img[src="x"], svg[onload], [onerror], [onload], script:not([src])')).toHaveCount(
    0,
  )
  for (const href of await page
    .locator('a[href]')
    .evaluateAll((links) => links.map((a) => a.getAttribute('href')))) {
    expect(href, 'every link is http(s), relative or mailto/tel').toMatch(/^(https?:|\/|#|mailto:|tel:)/)
  }
  expect(problems).toEqual([])
}

test('hostile listing and profile text is stored, shown as text and never runs', async ({
  browser,
  baseURL,
}) => {
  const owner = await signedInPage(browser, baseURL!)
  const viewer = await signedInPage(browser, baseURL!)
  const problems = [...trap(owner.page), ...trap(viewer.page)]
  const headers = { origin: baseURL!, 'content-type': 'application/json' }

  await test.step('the API stores the text as given and refuses non-http(s) contact and photo links', async () => {
    for (const contact of [P.js, P.data, 'vbscript:msgbox(1)', 'file:///etc/passwd']) {
      const refused = await owner.context.request.post('/api/roommate-listings', {
        headers,
        data: { ...listing, title: 'x', rent: 1, roomType: 'Single', contact },
      })
      expect(refused.status(), contact).toBe(400)
    }
    for (const image of [P.js, P.data]) {
      const refused = await owner.context.request.post('/api/auth/update-user', { headers, data: { image } })
      expect(refused.status(), image).toBe(400)
    }
    const renamed = await owner.context.request.post('/api/auth/update-user', {
      headers,
      data: { name: profileName },
    })
    expect(renamed.status()).toBe(200)
  })
  const id = await createListingViaApi(owner.context.request, baseURL!, listing)

  await test.step('browse shows the title and location as text', async () => {
    await viewer.page.goto(`/browse-listing?q=${token}`)
    const card = viewer.page.getByRole('main').getByRole('article')
    await expect(card).toHaveCount(1)
    await expect(card).toContainText(listing.title)
    await expect(card).toContainText(listing.location)
    await expectInert(viewer.page, problems)
  })

  await test.step('details show every field as text; the contact link is https', async () => {
    await viewer.page.goto(`/browse-listing-details/${id}`)
    await expect(viewer.page.getByRole('heading', { name: listing.title })).toBeVisible()
    for (const text of [listing.location, listing.lifestyle, listing.description, profileName])
      await expect(viewer.page.getByText(text, { exact: false }).first()).toBeVisible()
    const contact = viewer.page.locator('a[rel~="ugc"]')
    await expect(contact).toHaveAttribute('href', /^https:\/\/example\.com\//)
    await expectInert(viewer.page, problems)
  })

  await test.step('my listings show the owner the same text', async () => {
    await owner.page.goto('/dashboard/my-listing')
    // The page has a table for wide screens and cards for narrow ones; one of them is hidden.
    await expect(owner.page.getByText(listing.title).filter({ visible: true }).first()).toBeVisible()
    await expectInert(owner.page, problems)
  })

  await test.step('the dashboard greets the owner by the hostile name, as text', async () => {
    await owner.page.goto('/dashboard')
    await expect(owner.page.getByRole('heading', { name: `Welcome, ${profileName}!` })).toBeVisible()
    await expect(owner.page.getByText(profileName).filter({ visible: true }).first()).toBeVisible()
    await expectInert(owner.page, problems)
  })

  await owner.context.close()
  await viewer.context.close()
})
