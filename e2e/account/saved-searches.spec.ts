import { expect, test, type Page } from '@playwright/test'
import { createListingViaApi, newUser, signUpViaApi, signedInPage, uniqueToken } from '../support/api.ts'
import { expectNoSeriousViolations, expectNoSeriousViolationsEverywhere } from '../support/axe.ts'
import { keepScreenshot } from '../support/screens.ts'
import { linkFromMail, mailText } from '../support/mail.ts'
import { WIDTHS } from '../public/helpers.ts'

// Saving a browse view (signed out first: through the login page and back to the same view with the dialog
// open), the dashboard's Saved searches page, and the alert mail: its link opens the search, its unsubscribe
// link stops the e-mails without signing in.

/** The dashboard's saved-searches page and the unsubscribe page pass axe at both widths in both themes. */
async function sweep(page: Page, path: string, ready: RegExp, name: string) {
  await page.goto(path)
  await expect(page.getByRole('heading', { level: 1, name: ready })).toBeVisible()
  await expectNoSeriousViolationsEverywhere(page, { screenshot: `saved-searches-${name}` })
}

test('save a search signed out, find it in the dashboard, open it from the alert mail and unsubscribe', async ({
  browser,
  baseURL,
}) => {
  // The instant alert goes out when its window (ALERT_WINDOW_SECONDS, 5 s here) after the room has passed.
  test.setTimeout(120_000)
  const token = uniqueToken('Saved')
  const person = newUser()
  const { context: setup } = await signedInPage(browser, baseURL!, person)
  await setup.close()

  // Signed out, on a browse view: "Save this search" goes through the login page and comes back to the view.
  const context = await browser.newContext({ baseURL })
  const page = await context.newPage()
  await page.goto(`/browse-listing?roomType=Single&maxRent=900&q=${token}`)
  await page.getByRole('link', { name: 'Save this search' }).click()
  await expect(page).toHaveURL(/\/login\?from=/)
  await page.getByLabel('Email').fill(person.email)
  await page.getByLabel('Password').fill(person.password)
  await page.getByRole('button', { name: 'Login', exact: true }).click()

  const dialog = page.getByRole('dialog', { name: 'Save this search' })
  await expect(dialog).toBeVisible()
  await expect(page).toHaveURL(new RegExp(`/browse-listing\\?roomType=Single&maxRent=900&q=${token}$`))
  await expect(
    page
      .getByRole('searchbox')
      .or(page.getByLabel(/search/i))
      .first(),
  ).toBeVisible()
  // The dialog at both widths in both themes: in the dark one as a person gets there, closing it, switching the
  // theme and opening it again.
  for (const theme of ['light', 'dark'] as const) {
    if (theme === 'dark') {
      await dialog.getByRole('button', { name: 'Cancel' }).click()
      await page.getByRole('button', { name: 'Toggle theme' }).click()
      await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark')
      await page.getByRole('button', { name: 'Save this search' }).click()
      await expect(dialog).toBeVisible()
    }
    for (const width of Object.values(WIDTHS)) {
      await page.setViewportSize({ width, height: 900 })
      await expectNoSeriousViolations(page)
      await keepScreenshot(page, `saved-searches-dialog-${width}-${theme}`, { fullPage: false })
    }
  }
  await dialog.getByLabel('Name').fill(`Singles ${token}`)
  await dialog.getByLabel('E-mail me new rooms').selectOption('instant')
  await dialog.getByRole('button', { name: 'Save search' }).click()
  await expect(page.getByRole('status').getByText(`Saved “Singles ${token}”.`)).toBeVisible()

  // Alerts go to a verified address; someone else posts a room that fits, and one that doesn't.
  await page.goto(await linkFromMail(person.email, /Confirm your e-mail/))
  await expect(page.getByRole('heading', { name: /verified/i })).toBeVisible()
  // The dashboard open on a laptop and on a phone while the room is posted: the count comes without a page change,
  // in the sidebar and as the phone's dot on ☰ (issue 41, finding 8).
  await page.goto('/dashboard/saved-searches')
  const phone = await context.newPage()
  await phone.setViewportSize({ width: WIDTHS.phone, height: 844 })
  await phone.goto('/dashboard/saved-searches')
  await expect(phone.getByRole('button', { name: 'Dashboard menu', exact: true })).toBeVisible()
  const sidebarCount = page.getByRole('navigation', { name: 'Dashboard' }).getByText('1 new rooms')
  await expect(sidebarCount).toHaveCount(0)
  const posterContext = await browser.newContext({ baseURL })
  await signUpViaApi(posterContext.request, baseURL!)
  const title = `Single room ${token}`
  await createListingViaApi(posterContext.request, baseURL!, { title, roomType: 'Single', rent: 800 })
  await createListingViaApi(posterContext.request, baseURL!, { title: `Studio ${token}`, roomType: 'Studio' })
  await expect(sidebarCount).toBeVisible()
  await expect(
    page
      .getByRole('listitem')
      .filter({ hasText: `Singles ${token}` })
      .getByText('1 new'),
  ).toBeVisible()
  await expect(
    phone.getByRole('button', { name: 'Dashboard menu (new rooms for your saved searches)' }),
  ).toBeVisible()
  await keepScreenshot(phone, 'saved-searches-menu-dot-390', { fullPage: false })
  await phone.close()

  // The dashboard page, while the alert is on its way.
  await sweep(page, '/dashboard/saved-searches', /^Saved searches$/, 'dashboard')
  const item = page.getByRole('listitem').filter({ hasText: `Singles ${token}` })
  await expect(item).toContainText('Single · up to $900')

  // The alert: one mail with the room, whose link opens the search.
  const text = await mailText(person.email, /new room/, 60_000)
  expect(text).toContain(title)
  expect(text).toContain('1 new room fits your saved search')
  expect(text).not.toContain(`Studio ${token}`)
  await page.goto('/dashboard/saved-searches')
  await expect(item.getByText('1 new')).toBeVisible()
  await expect(sidebarCount).toBeAttached()
  // Opening the search from the mail shows its rooms, the new one labelled "New", and the dashboard no longer
  // counts them as new.
  const searchLink = /See them all: (\S+)/.exec(text)![1]!
  await page.goto(searchLink)
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title }) })
  // "New" on screen; a screen reader hears the whole phrase.
  await expect(card.getByText(/^New since you last opened this search$/)).toBeVisible()
  await expectNoSeriousViolationsEverywhere(page, { screenshot: 'saved-searches-new-card' })
  await page.goto('/dashboard/saved-searches')
  await expect(item.getByRole('heading', { name: `Singles ${token}` })).toBeVisible()
  await expect(item.getByText(/\d+ new/)).toHaveCount(0)
  await expect(page.getByRole('navigation', { name: 'Dashboard' }).getByText(/new rooms/)).toHaveCount(0)

  // Renaming and the alert setting, from the dashboard.
  await page.goto('/dashboard/saved-searches')
  await item.getByText('Rename or delete').click()
  await item.getByLabel('New name').fill(`Cheap singles ${token}`)
  await item.getByRole('button', { name: 'Rename' }).click()
  await expect(page.getByRole('heading', { name: `Cheap singles ${token}` })).toBeVisible()

  // The unsubscribe link, opened signed out: the page asks first, the button stops the e-mails.
  const unsubscribeLink = /Stop these mails for this search: (\S+)/.exec(text)![1]!
  const stranger = await browser.newContext({ baseURL })
  const signedOut = await stranger.newPage()
  const path = new URL(unsubscribeLink).pathname + new URL(unsubscribeLink).search
  await sweep(signedOut, path, /Stop e-mails for a saved search/, 'unsubscribe')
  await signedOut.getByRole('button', { name: 'Stop these e-mails' }).click()
  await expect(signedOut.getByRole('status')).toContainText(
    `You won’t get e-mails about “Cheap singles ${token}”`,
  )
  await page.goto('/dashboard/saved-searches')
  await expect(item.getByLabel('E-mails')).toHaveValue('off')
  for (const open of [context, posterContext, stranger]) await open.close()
})

test('each change to a saved search says what was saved, keeps the focus, and a delete can be undone', async ({
  browser,
  baseURL,
}) => {
  const { page, context } = await signedInPage(browser, baseURL!)
  const name = `Studios ${uniqueToken()}`
  const saved = await context.request.post('/api/saved-searches', {
    headers: { origin: baseURL!, 'content-type': 'application/json' },
    data: { name, query: 'roomType=Studio', alert: 'daily' },
  })
  expect(saved.status(), await saved.text()).toBe(201)
  await page.setViewportSize({ width: WIDTHS.phone, height: 800 })
  await page.goto('/dashboard/saved-searches')
  const item = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) })

  // The alert: said, and the select keeps the focus.
  const alert = item.getByLabel('E-mails')
  await alert.focus()
  await alert.selectOption('instant')
  await expect(item.getByRole('status')).toHaveText(
    `E-mails for “${name}”: Instantly (within minutes). Saved.`,
  )
  await expect(alert).toBeFocused()
  await expect(alert).toHaveValue('instant')

  // Renaming: said, and the focus stays on Rename.
  const renamed = `Cheap ${name}`
  await item.getByText('Rename or delete').click()
  await item.getByLabel('New name').fill(renamed)
  await item.getByRole('button', { name: 'Rename' }).click()
  const renamedItem = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: renamed }) })
  await expect(renamedItem.getByRole('status')).toHaveText(`Renamed to “${renamed}”.`)
  await expect(renamedItem.getByRole('button', { name: 'Rename' })).toBeFocused()
  await expectNoSeriousViolationsEverywhere(page, { screenshot: 'saved-searches-renamed' })

  // Deleting: said, with Undo, which has the focus; Undo brings the search back, alert and all.
  await renamedItem.getByRole('button', { name: `Delete ${renamed}` }).click()
  await expect(renamedItem).toHaveCount(0)
  await expect(page.getByRole('status').filter({ hasText: `Deleted “${renamed}”.` })).toBeVisible()
  const undo = page.getByRole('button', { name: `Undo deleting ${renamed}` })
  await expect(undo).toBeFocused()
  await expectNoSeriousViolationsEverywhere(page, { screenshot: 'saved-searches-deleted' })
  await undo.click()
  await expect(page.getByRole('status').filter({ hasText: `“${renamed}” is back.` })).toBeVisible()
  await expect(renamedItem.getByLabel('E-mails')).toHaveValue('instant')
  await expect(renamedItem.getByRole('link', { name: `Open ${renamed}` })).toBeFocused()
  await context.close()
})
