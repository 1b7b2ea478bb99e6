import { expect, test, type Page } from '@playwright/test'
import { createListingViaApi, signedInPage, uniqueToken } from '../support/api.ts'
import { afterTwoFrames } from '../support/frames.ts'

/** Beside the Like button: what a like shows, or would. */
const contacts = (page: Page) => page.getByRole('region', { name: 'The poster’s contacts' })

test('B likes A’s listing once and sees A’s phone and e-mail; A cannot like their own', async ({
  browser,
  baseURL,
}) => {
  const a = await signedInPage(browser, baseURL!)
  const b = await signedInPage(browser, baseURL!)
  const title = `Loft ${uniqueToken()}`
  const id = await createListingViaApi(a.context.request, baseURL!, { title, number: '+1 503 555 0199' })

  await test.step('before the like, B sees no phone number and no e-mail', async () => {
    await b.page.goto(`/browse-listing-details/${id}`)
    await expect(b.page.getByRole('heading', { name: title })).toBeVisible()
    await expect(b.page.getByText('0 people interested in')).toBeVisible()
    await expect(b.page.getByText(a.user.name, { exact: true })).toBeVisible()
    await expect(b.page.getByText('Shown once you like this listing')).toBeVisible()
    await expect(b.page.getByText(a.user.email)).toHaveCount(0)
    await expect(contacts(b.page)).toHaveText(
      'Like this listing to see the poster’s phone number and e-mail address.',
    )
  })

  await test.step('B likes it in one request: Liked, disabled, count from the server, phone and e-mail shown beside it and announced', async () => {
    const apiCalls: string[] = []
    // The live stream (GET /api/live) opens on any signed-in page whenever the app gets to it: not a request the
    // like makes.
    b.page.on('request', (r) => {
      const path = new URL(r.url()).pathname
      if (path.startsWith('/api/') && path !== '/api/live') apiCalls.push(`${r.method()} ${path}`)
    })
    const like = b.page.waitForRequest((r) => r.url().endsWith(`/api/listings/${id}/like`))
    await b.page.getByRole('button', { name: 'Like', exact: true }).click()
    const request = await like
    expect(request.method()).toBe('PATCH')
    expect(request.headers()['content-type']).toContain('application/json')
    const liked = b.page.getByRole('button', { name: 'Liked' })
    await expect(liked).toBeDisabled()
    // The keyboard focus stays where the person pressed.
    await expect(liked).toBeFocused()
    await expect(b.page.getByText('1 person interested', { exact: true })).toBeVisible()
    await expect(contacts(b.page).getByRole('link', { name: '+1 503 555 0199' })).toBeVisible()
    await expect(contacts(b.page).getByRole('link', { name: a.user.email })).toHaveAttribute(
      'href',
      `mailto:${a.user.email}`,
    )
    await expect(contacts(b.page).getByRole('status')).toHaveText(
      `Liked. Phone: +1 503 555 0199. E-mail: ${a.user.email}.`,
    )
    // The like's answer carries what the page shows: no session check or details load follows it (a
    // revalidation would have started by the time the answer is drawn; two frames later it would be on the wire).
    await afterTwoFrames(b.page)
    expect(apiCalls).toEqual([`PATCH /api/listings/${id}/like`])
    // A phone can call it with a tap.
    await expect(contacts(b.page).getByRole('link', { name: '+1 503 555 0199' })).toHaveAttribute(
      'href',
      'tel:+15035550199',
    )
  })

  await test.step('a reload still shows Liked, the phone and the e-mail', async () => {
    await b.page.reload()
    await expect(b.page.getByRole('button', { name: 'Liked' })).toBeDisabled()
    await expect(b.page.getByText('1 person interested', { exact: true })).toBeVisible()
    await expect(contacts(b.page).getByRole('link', { name: '+1 503 555 0199' })).toBeVisible()
    await expect(contacts(b.page)).toContainText(a.user.email)
    // Nothing is announced for what the page loaded with.
    await expect(contacts(b.page).getByRole('status')).toHaveText('')
  })

  await test.step('A sees their own Like disabled, with the reason on hover and for screen readers', async () => {
    await a.page.goto(`/dashboard/browse-listing-details/${id}`)
    const own = a.page.getByRole('button', { name: 'Like', exact: true })
    await expect(own).toBeDisabled()
    await expect(own).toHaveAccessibleDescription("You can't like your own post")
    await own.hover()
    await expect(a.page.getByRole('tooltip')).toHaveText("You can't like your own post")
    await own.click({ force: true })
    await expect(a.page.getByText('1 person interested', { exact: true })).toBeVisible()
    await a.page.getByRole('link', { name: 'Back to Listings' }).click()
    await expect(a.page).toHaveURL(/\/dashboard\/browse-listing$/)
  })

  await a.context.close()
  await b.context.close()
})

test('a failed like changes nothing on the page', async ({ browser, baseURL }) => {
  const a = await signedInPage(browser, baseURL!)
  const b = await signedInPage(browser, baseURL!)
  const id = await createListingViaApi(a.context.request, baseURL!)
  await b.page.route(`**/api/listings/${id}/like`, (route) =>
    route.fulfill({ status: 429, json: { error: 'Too many likes. Try again later.' } }),
  )
  await b.page.goto(`/browse-listing-details/${id}`)
  await b.page.getByRole('button', { name: 'Like', exact: true }).click()
  await expect(b.page.getByRole('button', { name: 'Like', exact: true })).toBeEnabled()
  await expect(b.page.getByText('0 people interested in')).toBeVisible()
  await expect(b.page.getByRole('dialog')).toHaveCount(0)
  await a.context.close()
  await b.context.close()
})

test('unknown and malformed listing ids show a clear not-found view', async ({ browser, baseURL }) => {
  const { page, context } = await signedInPage(browser, baseURL!)
  await page.goto('/browse-listing-details/00000000-0000-4000-8000-000000000000')
  await expect(page.getByRole('heading', { name: 'Listing not found' })).toBeVisible()
  await page.goto('/dashboard/browse-listing-details/not-an-id')
  await expect(page.getByRole('heading', { name: 'Listing not found' })).toBeVisible()
  await page.getByRole('link', { name: 'Back to Listings' }).click()
  await expect(page).toHaveURL(/\/dashboard\/browse-listing$/)
  await context.close()
})

test('someone else’s listing is never an editable form', async ({ browser, baseURL }) => {
  const a = await signedInPage(browser, baseURL!)
  const b = await signedInPage(browser, baseURL!)
  const id = await createListingViaApi(a.context.request, baseURL!)
  await b.page.goto(`/dashboard/my-listing/${id}`)
  await expect(b.page.getByRole('heading', { name: 'This listing is not yours' })).toBeVisible()
  await expect(b.page.getByRole('textbox')).toHaveCount(0)
  await expect(b.page.getByRole('button', { name: 'Update Listing' })).toHaveCount(0)
  await a.context.close()
  await b.context.close()
})

test('on a phone the Like button stays on screen while the listing is read', async ({ browser, baseURL }) => {
  const a = await signedInPage(browser, baseURL!)
  const id = await createListingViaApi(a.context.request, baseURL!, {
    description: 'A long description. '.repeat(120),
  })
  const b = await signedInPage(browser, baseURL!)
  await b.page.setViewportSize({ width: 390, height: 700 })
  await b.page.goto(`/browse-listing-details/${id}`)
  const like = b.page.getByRole('button', { name: 'Like', exact: true })
  // At the top of the page, before scrolling past the facts and the description.
  await expect(like).toBeInViewport()
  await b.page.mouse.wheel(0, 600)
  await expect(like).toBeInViewport()
  await a.context.close()
  await b.context.close()
})
