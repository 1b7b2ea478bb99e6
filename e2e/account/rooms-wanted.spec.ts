import { expect, test, type Page } from '@playwright/test'
import { createListingViaApi, signedInPage, uniqueLetterToken, uniqueToken } from '../support/api.ts'
import { expectNoSeriousViolationsEverywhere } from '../support/axe.ts'
import { linkFromMail } from '../support/mail.ts'
import { expectPopup } from '../support/popup.ts'

// Rooms wanted from both sides: a person who needs a room writes their ad on the dashboard, finds it on Rooms
// wanted and opens it; a poster with a room in the same town finds them from My Listings and writes to them, and
// the message waits in the seeker's inbox. Each screen passes axe
// in both colour modes at phone and desktop width.

const FITZROY = 2166584

async function verifyEmail(page: Page, email: string) {
  await page.goto(await linkFromMail(email, /Confirm your e-mail/))
  await expect(page.getByRole('heading', { name: /verified/i })).toBeVisible()
}

/** The screen as it is, in each colour mode at each width (a screenshot of each with E2E_SCREENSHOTS=<folder>). */
const lookEverywhere = (page: Page, name: string) =>
  expectNoSeriousViolationsEverywhere(page, { screenshot: name })

test('write a room-wanted ad, find it on Rooms wanted, and be found from a poster’s My Listings', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000)
  const headline = `Nurse looking near Fitzroy ${uniqueLetterToken()}`
  const seeker = await signedInPage(browser, baseURL!)
  const { page } = seeker
  await page.goto('/dashboard')
  await page.getByRole('link', { name: 'My room-wanted ad' }).click()
  await expect(page.getByRole('heading', { name: 'My room-wanted ad', level: 1 })).toBeVisible()

  // A refused form: every error summed up above it, the focus on the first field to fix.
  const area = page.getByRole('combobox', { name: 'Area 1' })
  await area.fill('fitzro')
  await expect(page.getByRole('option', { name: 'Fitzroy, Australia' })).toBeVisible()
  await page.getByRole('button', { name: 'Publish your ad' }).click()
  const summary = page.getByRole('alert').filter({ hasText: 'things to fix' })
  for (const message of ['Headline is required.', 'Budget is required.', 'Choose at least one area.'])
    await expect(summary.getByRole('link', { name: message })).toBeVisible()
  await expect(page.getByLabel('Headline')).toBeFocused()
  await summary.getByRole('link', { name: 'Choose at least one area.' }).click()
  await expect(area).toBeFocused()
  await expect(area).toBeInViewport()
  await lookEverywhere(page, 'seeker-ad-form-refused')

  await page.getByLabel('Headline').fill(headline)
  await page.getByLabel('Budget a month, in US Dollar (USD)').fill('900')
  // The town's name typed in full is that town, without picking it from the suggestions.
  await area.fill('Fitzroy')
  await expect(page.getByRole('option', { name: 'Fitzroy, Australia' })).toBeVisible()
  await expect(page.getByText('Choose a place from the suggestions.')).toHaveCount(0)
  await page.getByLabel('Move in from').fill('2026-12-20')
  await page.getByLabel('Wants bills included').check()
  await page
    .getByLabel('About you')
    .fill('Night shifts twice a week; quiet, tidy, and I cook for housemates.')
  await lookEverywhere(page, 'seeker-ad-form')
  await page.getByRole('button', { name: 'Publish your ad' }).click()
  await expectPopup(page, 'Ad saved')
  await expect(page.getByRole('button', { name: 'Save changes' })).toBeVisible()

  // Rooms wanted, from the navigation, filtered by the ad's town.
  await page.goto('/')
  await page.getByRole('navigation').getByRole('link', { name: 'Rooms wanted' }).first().click()
  await expect(page.getByRole('heading', { name: 'Rooms wanted', level: 1 })).toBeVisible()
  const near = page.getByRole('combobox', { name: 'Looking near' })
  await near.fill('fitzroy')
  await page.getByRole('option', { name: 'Fitzroy, Australia' }).click()
  await page.getByLabel("My room's rent").fill('800')
  await page.getByRole('button', { name: 'Search' }).click()
  await expect(page).toHaveURL(new RegExp(`near=${FITZROY}.*rent=800`))
  const card = page.getByRole('article').filter({ hasText: headline })
  await expect(card).toContainText('Fitzroy, Australia (10 km)')
  await lookEverywhere(page, 'rooms-wanted')
  await card.getByRole('link', { name: /See ad/ }).click()
  await expect(page.getByRole('heading', { name: headline, level: 1 })).toBeVisible()
  await expect(page.getByText('Fitzroy, Australia, within 10 km')).toBeVisible()
  await lookEverywhere(page, 'seeker-ad-details')

  // A poster with a room in Fitzroy the seeker can afford.
  const poster = await signedInPage(browser, baseURL!)
  const title = `Fitzroy room ${uniqueToken()}`
  await createListingViaApi(poster.context.request, baseURL!, {
    title,
    placeId: FITZROY,
    rent: 850,
    roomType: 'Single',
    availableFrom: '2026-12-01',
  })
  await poster.page.goto('/dashboard/my-listing')
  const row = poster.page.getByRole('row').filter({ hasText: title })
  await row.getByRole('link', { name: /People looking near here \(\d+\)/ }).click()
  await expect(poster.page.getByRole('heading', { name: 'People looking near your listing' })).toBeVisible()
  await expect(poster.page.getByRole('article').filter({ hasText: headline })).toBeVisible()
  await lookEverywhere(poster.page, 'listing-seekers')

  // The poster writes to the seeker from there (a verified address first), and the seeker finds it in their inbox.
  const seekersPage = poster.page.url()
  await verifyEmail(poster.page, poster.user.email)
  await poster.page.goto(seekersPage)
  await expect(poster.page.getByRole('heading', { name: 'People looking near your listing' })).toBeVisible()
  await poster.page
    .getByRole('link', { name: `Message ${seeker.user.name}` })
    .first()
    .click()
  await expect(poster.page.getByRole('heading', { name: headline, level: 1 })).toBeVisible()
  const message = 'My room in Fitzroy is 850 a month, bills included. Come and see it?'
  await poster.page.getByLabel(`Your message to ${seeker.user.name}`).fill(message)
  await lookEverywhere(poster.page, 'seeker-ad-message')
  await poster.page.getByRole('button', { name: 'Send', exact: true }).click()
  await expect(poster.page).toHaveURL(/\/dashboard\/messages\/[0-9a-f-]{36}$/)
  await expect(poster.page.getByRole('log').getByText(message)).toBeVisible()
  await expect(poster.page.getByRole('link', { name: 'Room wanted in Fitzroy' })).toBeVisible()

  await page.goto('/dashboard/messages')
  const entry = page.getByRole('link', { name: new RegExp(poster.user.name) })
  await expect(entry).toContainText('About “Room wanted in Fitzroy”')
  await expect(entry).toContainText('1 unread')
  await lookEverywhere(page, 'seeker-inbox')
  await entry.click()
  await expect(page.getByRole('log').getByText(message)).toBeVisible()
  await seeker.context.close()
  await poster.context.close()
})
