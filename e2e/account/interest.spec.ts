import { expect, test, type Page } from '@playwright/test'
import { createListingViaApi, signedInPage, uniqueToken } from '../support/api.ts'
import { expectNoSeriousViolationsEverywhere } from '../support/axe.ts'
import { main } from './helpers.ts'

// Interest goes both ways: B likes A's room and finds it in Liked Rooms, A sees who is interested, B takes the
// like back and the phone number is hidden again.

const PHONE = '+1 503 555 0142'
const CURRENCY_NOTE = 'Rents are per month, in US Dollar (USD): this site shows every rent in one currency.'

/** Beside the Like button: what a like shows, or would. */
const contacts = (page: Page) => page.getByRole('region', { name: 'The poster’s contacts' })

const likeVia = (page: Page, baseURL: string, id: string) =>
  page.request.patch(`/api/listings/${id}/like`, {
    headers: { origin: baseURL, 'content-type': 'application/json' },
    data: {},
  })

/** My Listings shows a table on wide screens and cards on phones; the disclosure of the one on screen. */
const interested = (page: Page, count: number) =>
  main(page).locator('summary:visible', { hasText: `${count} interested` })

test('B likes A’s room, finds it in Liked Rooms, A sees B, B unlikes and the phone is hidden again', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000)
  const a = await signedInPage(browser, baseURL!)
  const b = await signedInPage(browser, baseURL!)
  const title = `Attic ${uniqueToken()}`
  const id = await createListingViaApi(a.context.request, baseURL!, { title, number: PHONE })

  await test.step('B likes the room on its details page', async () => {
    await b.page.goto(`/browse-listing-details/${id}`)
    await b.page.getByRole('button', { name: 'Like', exact: true }).click()
    await expect(contacts(b.page).getByRole('link', { name: PHONE })).toBeVisible()
    await expect(b.page.getByText('1 person interested', { exact: true })).toBeVisible()
  })

  await test.step('B finds it in Liked Rooms from the dashboard sidebar', async () => {
    await b.page.goto('/dashboard')
    await b.page
      .getByRole('navigation', { name: 'Dashboard' })
      .getByRole('link', { name: 'Liked Rooms' })
      .click()
    await expect(b.page).toHaveURL(/\/dashboard\/liked-rooms$/)
    await expect(main(b.page).getByRole('heading', { name: 'Liked Rooms', level: 1 })).toBeVisible()
    await expect(main(b.page).getByRole('heading', { name: title })).toBeVisible()
    await expect(main(b.page).getByText('Liked just now')).toBeVisible()
    await expect(main(b.page).getByText(`Posted by: ${a.user.name}`)).toBeVisible()
    // Its rent says which currency, as browse does.
    await expect(main(b.page).getByText(CURRENCY_NOTE)).toBeVisible()
  })

  await test.step('A sees B among the people interested, in My Listings', async () => {
    await a.page.goto('/dashboard/my-listing')
    await interested(a.page, 1).click()
    await expect(main(a.page).getByText(b.user.name)).toBeVisible()
    await expect(main(a.page).getByText('liked it just now').first()).toBeVisible()
    await expect(main(a.page).getByText(b.user.email)).toHaveCount(0)
  })

  await test.step('B unlikes it from Liked Rooms: gone from the list, the empty state points to browse', async () => {
    const unlike = b.page.waitForRequest((r) => r.url().endsWith(`/api/listings/${id}/like`))
    await main(b.page)
      .getByRole('button', { name: `Unlike ${title}` })
      .click()
    expect((await unlike).method()).toBe('DELETE')
    await expect(main(b.page).getByRole('heading', { name: title })).toHaveCount(0)
    // The room went with its button: the focus moves to the page's heading, and the change is announced.
    await expect(main(b.page).getByRole('heading', { name: 'Liked Rooms', level: 1 })).toBeFocused()
    await expect(main(b.page).getByRole('status').filter({ hasText: 'Unliked' })).toHaveText(
      `Unliked ${title}.`,
    )
    await expect(main(b.page).getByRole('heading', { name: 'You haven’t liked any rooms yet' })).toBeVisible()
    await expect(main(b.page).getByRole('link', { name: 'Browse listings' })).toHaveAttribute(
      'href',
      '/dashboard/browse-listing',
    )
  })

  await test.step('on details the count is down and the phone number hidden again; Like works again', async () => {
    await b.page.goto(`/browse-listing-details/${id}`)
    await expect(b.page.getByText('0 people interested in')).toBeVisible()
    await expect(contacts(b.page)).not.toContainText(PHONE)
    await expect(b.page.getByRole('button', { name: 'Unlike' })).toHaveCount(0)
    await b.page.getByRole('button', { name: 'Like', exact: true }).click()
    await expect(contacts(b.page).getByRole('link', { name: PHONE })).toBeVisible()
  })

  await test.step('B unlikes on the details page itself, by keyboard: the focus lands on Like', async () => {
    await b.page.getByRole('button', { name: 'Unlike' }).focus()
    await b.page.keyboard.press('Enter')
    await expect(b.page.getByText('0 people interested in')).toBeVisible()
    await expect(contacts(b.page)).not.toContainText(PHONE)
    await expect(contacts(b.page).getByRole('status')).toHaveText(
      'Like taken back. The poster’s phone number and e-mail address are hidden again.',
    )
    const like = b.page.getByRole('button', { name: 'Like', exact: true })
    await expect(like).toBeEnabled()
    await expect(like).toBeFocused()
    await b.page.reload()
    await expect(b.page.getByText('0 people interested in')).toBeVisible()
    await expect(contacts(b.page)).not.toContainText(PHONE)
  })

  await test.step('A’s My Listings no longer offers anyone', async () => {
    await a.page.reload()
    await expect(main(a.page).getByRole('heading', { name: 'My Listings' })).toBeVisible()
    await expect(main(a.page).getByText(/interested/)).toHaveCount(0)
  })

  await a.context.close()
  await b.context.close()
})

test('Liked Rooms and who is interested pass axe in both modes at 390 and 1280 px', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000)
  const a = await signedInPage(browser, baseURL!)
  const b = await signedInPage(browser, baseURL!)
  /** Each screen checked four ways without reloading it, a screenshot of each on request. */
  const check = (page: Page, name: string) => expectNoSeriousViolationsEverywhere(page, { screenshot: name })

  await b.page.goto('/dashboard/liked-rooms')
  await expect(main(b.page).getByRole('heading', { name: 'You haven’t liked any rooms yet' })).toBeVisible()
  await check(b.page, 'liked-rooms-empty')

  const ids = [
    await createListingViaApi(a.context.request, baseURL!, {
      title: 'Bright attic near the park',
      number: PHONE,
    }),
    await createListingViaApi(a.context.request, baseURL!, {
      title: 'Quiet studio',
      roomType: 'Studio',
      availability: 'Not Available',
    }),
  ]
  for (const id of ids) expect((await likeVia(b.page, baseURL!, id)).status()).toBe(200)
  await b.page.reload()
  await expect(main(b.page).getByRole('button', { name: 'Unlike Quiet studio' })).toBeVisible()
  await check(b.page, 'liked-rooms')

  await b.page.goto(`/dashboard/browse-listing-details/${ids[0]}`)
  await expect(b.page.getByRole('button', { name: 'Unlike' })).toBeVisible()
  await check(b.page, 'details-liked')

  await a.page.goto('/dashboard/my-listing')
  await interested(a.page, 1).first().click()
  await expect(main(a.page).getByText(b.user.name).first()).toBeVisible()
  await check(a.page, 'my-listings-interested')

  await a.context.close()
  await b.context.close()
})
