import { expect, test } from '@playwright/test'
import { createListingViaApi, newUser, signedInPage, uniqueLetterToken, uniqueToken } from '../support/api.ts'
import { expectNoSeriousViolationsEverywhere } from '../support/axe.ts'
import { linkFromMail, mailCount, mailText } from '../support/mail.ts'
import { MODERATORS, moderatorPage } from '../support/moderator.ts'

// Someone reports a listing from its page; a moderator (ADMIN_EMAILS in playwright.config.ts) finds it in the
// queue with its content, hides it, and the decision is in the log; the listing is gone for everyone else.

const MODERATOR = MODERATORS.moderation

// Both journeys sign up the one moderator address: at once, two sign-ups of an address race to create it.
test.describe.configure({ mode: 'serial' })

test(`a person reports a listing and a moderator hides it (axe in both modes at 390 and 1280 px)`, async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000)
  const poster = await signedInPage(browser, baseURL!)
  const reporter = await signedInPage(browser, baseURL!)
  const moderator = await moderatorPage(browser, baseURL!, MODERATOR)
  const title = `Too good room ${uniqueToken()}`
  const listingId = await createListingViaApi(poster.context.request, baseURL!, { title })
  // The reporter asked about the room first: their conversation must not give a false cause once it is hidden.
  await reporter.page.goto(await linkFromMail(reporter.user.email, /Confirm your e-mail/))
  await expect(reporter.page.getByRole('heading', { name: /verified/i })).toBeVisible()
  const started = await reporter.context.request.post('/api/conversations', {
    headers: { origin: baseURL!, 'content-type': 'application/json' },
    data: { listingId, body: 'Is the room still free?' },
  })
  const { conversationId } = (await started.json()) as { conversationId: string }

  // The reporter says why and is thanked, with what happens next.
  await reporter.page.goto(`/dashboard/browse-listing-details/${listingId}`)
  await reporter.page.getByRole('button', { name: 'Report this listing' }).click()
  const dialog = reporter.page.getByRole('dialog', { name: 'Report this listing' })
  await dialog.getByLabel('Not a real room').check()
  await dialog.getByLabel('Anything a moderator should know? (optional)').fill('Photos are from a hotel')
  await expectNoSeriousViolationsEverywhere(reporter.page, { screenshot: 'report-dialog' })
  await dialog.getByRole('button', { name: 'Report' }).click()
  await expect(reporter.page.getByRole('status').filter({ hasText: 'went to the moderators' })).toBeVisible()
  await expectNoSeriousViolationsEverywhere(reporter.page, { screenshot: 'report-thanks' })

  // Only the moderator has Moderation in the dashboard; the queue shows the listing and the report.
  await reporter.page.goto('/dashboard')
  await expect(reporter.page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(reporter.page.getByRole('link', { name: 'Moderation' })).toHaveCount(0)
  await moderator.page.goto('/dashboard')
  await moderator.page
    .getByRole('navigation', { name: 'Dashboard' })
    .getByRole('link', { name: 'Moderation' })
    .click()
  await expect(moderator.page.getByRole('heading', { name: 'Moderation', level: 1 })).toBeVisible()
  const entry = moderator.page.getByRole('article', { name: new RegExp(title) })
  await expect(entry.getByRole('list', { name: 'Reports' })).toContainText('Not a real room')
  await expect(entry).toContainText('Photos are from a hotel')
  await expect(entry).toContainText(`Posted by ${poster.user.name}`)
  await expectNoSeriousViolationsEverywhere(moderator.page, { screenshot: 'moderation-queue' })

  await entry.getByLabel('Why (kept in the action log)').fill('Photos copied from a hotel site')
  await entry.getByRole('button', { name: 'Hide the listing' }).click()
  await expect(moderator.page.getByRole('article', { name: new RegExp(title) })).toHaveCount(0)
  await expect(moderator.page.getByRole('table')).toContainText('Photos copied from a hotel site')
  await expect(moderator.page.getByRole('table')).toContainText(MODERATOR)
  // The log names the listing as people know it: by its title, not its id.
  await expect(moderator.page.getByRole('table')).toContainText(`hid listing “${title}”`)
  await expect(moderator.page.getByRole('table')).not.toContainText(listingId)
  await expectNoSeriousViolationsEverywhere(moderator.page, { screenshot: 'moderation-log' })

  // The listing is gone for everyone but its owner; others read "no longer available", never a cause.
  await reporter.page.goto(`/dashboard/browse-listing-details/${listingId}`)
  await expect(reporter.page.getByText(/not found/i).first()).toBeVisible()
  await expect(reporter.page.getByText('This listing is no longer available.')).toBeVisible()
  await expect(reporter.page.getByText(/removed by its owner/)).toHaveCount(0)
  await reporter.page.goto(`/dashboard/messages/${conversationId}`)
  await expect(reporter.page.getByText('Your enquiry: Room taken')).toBeVisible()

  // Its poster is told once by mail, and My Listings says who hid it, why, and how to ask for a review.
  expect(await mailText(poster.user.email, /is hidden$/)).toContain("hidden by Nestmate's moderators")
  await poster.page.goto('/dashboard/my-listing')
  const notice = poster.page.getByRole('status').filter({ hasText: 'Hidden by moderators' })
  await expect(notice).toContainText('Reason: Photos copied from a hotel site')
  await expect(notice.getByRole('link', { name: 'ask for a review' })).toBeVisible()
  await expect(poster.page.getByRole('button', { name: `Still available: ${title}` })).toHaveCount(0)
  await expectNoSeriousViolationsEverywhere(poster.page, { screenshot: 'my-listings-hidden' })
  expect(await mailCount(poster.user.email, /is hidden$/)).toBe(1)

  // Anyone else who opens the page is told it is for moderators.
  await reporter.page.goto('/dashboard/moderation')
  await expect(reporter.page.getByText('Only moderators can do this.')).toBeVisible()
  for (const { context } of [poster, reporter, moderator]) await context.close()
})

const FITZROY = 2166584

test(`a person reports a room-wanted ad and a moderator hides it from Rooms wanted (axe in both modes at 390 and 1280 px)`, async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000)
  const writer = await signedInPage(browser, baseURL!)
  const reporter = await signedInPage(browser, baseURL!)
  const moderator = await moderatorPage(browser, baseURL!, MODERATOR)
  // Letters only: a run of digits in an ad reads as a phone number, which the ad's contact shield refuses.
  const headline = `Room wanted fast ${uniqueLetterToken()}`
  const written = await writer.context.request.put('/api/seeker-ad', {
    headers: { origin: baseURL!, 'content-type': 'application/json' },
    data: {
      headline,
      about: 'Pay me a fee first and I will move in',
      budget: 900,
      roomTypes: ['Single'],
      areas: [{ placeId: FITZROY, radiusKm: 10 }],
    },
  })
  expect(written.status(), await written.text()).toBe(201)
  const adId = ((await written.json()) as { seekerAd: { _id: string } }).seekerAd._id
  const roomsWanted = `/rooms-wanted?near=${FITZROY}`
  await reporter.page.goto(roomsWanted)
  await expect(reporter.page.getByRole('article').filter({ hasText: headline })).toBeVisible()

  // The reporter reports the ad from its page; the writer can be reported there too.
  await reporter.page.goto(`/rooms-wanted/${adId}`)
  await expect(reporter.page.getByRole('button', { name: `Report ${writer.user.name}` })).toBeVisible()
  await reporter.page.getByRole('button', { name: 'Report this ad' }).click()
  const dialog = reporter.page.getByRole('dialog', { name: 'Report this ad' })
  await dialog.getByLabel('Scam or fraud').check()
  await dialog.getByLabel('Anything a moderator should know? (optional)').fill('Wants a fee up front')
  await expectNoSeriousViolationsEverywhere(reporter.page, { screenshot: 'report-ad-dialog' })
  await dialog.getByRole('button', { name: 'Report' }).click()
  await expect(
    reporter.page.getByRole('status').filter({ hasText: 'your report of this ad went to the moderators' }),
  ).toBeVisible()

  // The moderator sees the ad in context (its text and its town) and hides it.
  await moderator.page.goto('/dashboard/moderation')
  const entry = moderator.page.getByRole('article', { name: new RegExp(headline) })
  await expect(entry).toContainText('Room-wanted ad')
  await expect(entry).toContainText('Pay me a fee first and I will move in')
  await expect(entry).toContainText('Looking in Fitzroy, Australia (within 10 km)')
  await expect(entry.getByRole('list', { name: 'Reports' })).toContainText('Wants a fee up front')
  await expectNoSeriousViolationsEverywhere(moderator.page, { screenshot: 'moderation-ad' })
  await entry.getByLabel('Why (kept in the action log)').fill('Asks seekers’ hosts for fees')
  await entry.getByRole('button', { name: 'Hide the ad' }).click()
  await expect(moderator.page.getByRole('article', { name: new RegExp(headline) })).toHaveCount(0)
  await expect(moderator.page.getByRole('table')).toContainText('hid room-wanted ad')

  // It has left Rooms wanted and its page for everyone but its writer and the moderators.
  await reporter.page.goto(roomsWanted)
  await expect(reporter.page.getByRole('heading', { name: 'Rooms wanted', level: 1 })).toBeVisible()
  await expect(reporter.page.getByRole('article').filter({ hasText: headline })).toHaveCount(0)
  await reporter.page.goto(`/rooms-wanted/${adId}`)
  await expect(reporter.page.getByText(/not found/i).first()).toBeVisible()
  await writer.page.goto(`/rooms-wanted/${adId}`)
  await expect(writer.page.getByText('Hidden by moderation: only you and the moderators')).toBeVisible()
  // Its writer is told once by mail, and their ad's page says who hid it, why, and how to ask for a review.
  expect(await mailText(writer.user.email, /is hidden$/)).toContain('room-wanted ad')
  await writer.page.goto('/dashboard/room-wanted')
  const notice = writer.page.getByRole('status').filter({ hasText: 'Hidden by moderators' })
  await expect(notice).toContainText('Reason: Asks seekers’ hosts for fees')
  await expect(notice.getByRole('link', { name: 'ask for a review' })).toBeVisible()
  await expectNoSeriousViolationsEverywhere(writer.page, { screenshot: 'my-ad-hidden' })
  for (const { context } of [writer, reporter, moderator]) await context.close()
})

test(`the reviewed person reports a review on their profile and a moderator hides it (axe at 390 and 1280 px)`, async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000)
  const poster = await signedInPage(browser, baseURL!, newUser({ name: `Pia ${uniqueLetterToken()}` }))
  const seeker = await signedInPage(browser, baseURL!)
  const moderator = await moderatorPage(browser, baseURL!, MODERATOR)
  const listingId = await createListingViaApi(poster.context.request, baseURL!)
  await seeker.page.goto(await linkFromMail(seeker.user.email, /Confirm your e-mail/))
  await expect(seeker.page.getByRole('heading', { name: /verified/i })).toBeVisible()
  // They moved in together and both reviewed (the screens of that are e2e/account/reviews.spec.ts).
  const post = (context: typeof poster.context, url: string, data: object) =>
    context.request.post(url, { headers: { origin: baseURL!, 'content-type': 'application/json' }, data })
  const started = await post(seeker.context, '/api/conversations', { listingId, body: 'Is it free?' })
  const { conversationId } = (await started.json()) as { conversationId: string }
  await post(poster.context, `/api/conversations/${conversationId}/moved-in`, {})
  await post(seeker.context, `/api/conversations/${conversationId}/moved-in/confirm`, {})
  const ratings = { conversationId, tidy: 1, bills: 1, considerate: 1, communication: 1 }
  await post(seeker.context, '/api/reviews', { ...ratings, text: 'Words no one should read.' })
  expect((await post(poster.context, '/api/reviews', ratings)).status()).toBe(201)

  const session = await poster.context.request.get('/api/auth/get-session')
  const posterId = ((await session.json()) as { user: { id: string } }).user.id
  await poster.page.goto(`/people/${posterId}`)
  await poster.page.getByRole('button', { name: 'Report this review' }).click()
  const dialog = poster.page.getByRole('dialog', { name: 'Report this review' })
  await dialog.getByLabel('Offensive or abusive').check()
  await dialog.getByRole('button', { name: 'Report' }).click()
  await expect(poster.page.getByRole('status').filter({ hasText: 'went to the moderators' })).toBeVisible()

  await moderator.page.goto('/dashboard/moderation')
  const entry = moderator.page.getByRole('article', { name: new RegExp(`About ${poster.user.name}`) })
  await expect(entry).toContainText('Words no one should read.')
  await expect(entry).toContainText(`By ${seeker.user.name}`)
  await expectNoSeriousViolationsEverywhere(moderator.page, { screenshot: 'moderation-review' })
  await entry.getByLabel('Why (kept in the action log)').fill('Abusive words')
  await entry.getByRole('button', { name: 'Hide the review' }).click()
  await expect(entry).toHaveCount(0)
  await expect(moderator.page.getByRole('table')).toContainText(`hid review by ${seeker.user.name}`)

  await poster.page.goto(`/people/${posterId}`)
  await expect(poster.page.getByRole('region', { name: /Reviews/ })).toContainText('No reviews yet.')
  for (const { context } of [poster, seeker, moderator]) await context.close()
})
