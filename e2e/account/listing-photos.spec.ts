import { expect, test, type Page } from '@playwright/test'
import sharp from 'sharp'
import { createListingViaApi, signedInPage, uniqueToken } from '../support/api.ts'
import { scrollAtRest } from '../support/frames.ts'
import { expectPopup } from '../support/popup.ts'
import { main } from './helpers.ts'
import { keepScreenshot } from '../support/screens.ts'
import { expectNoSeriousViolationsInBothModes } from '../support/axe.ts'

// Photos from a person's side: choose several files (one refused by the form, one by the server), watch them
// upload, reorder, delete; the cover on the browse card; the gallery on the details page with the keyboard and
// full screen. At phone and desktop width, axe on each screen in both colour modes (screenshots with
// E2E_SCREENSHOTS=<folder>).

const picture = async (name: string, background: string, width = 1200, height = 900) => ({
  name,
  mimeType: 'image/jpeg',
  buffer: await sharp({ create: { width, height, channels: 3, background } })
    .jpeg()
    .toBuffer(),
})

const shot = (page: Page, name: string) => keepScreenshot(page, name, { fullPage: false })

/** The stored photos' addresses in the edit form, in their order. */
const tileSources = (page: Page) =>
  main(page)
    .getByRole('list', { name: 'Photos, the cover first' })
    .getByRole('img')
    .evaluateAll((images) => images.map((image) => (image as HTMLImageElement).getAttribute('src')))

// The journey at each width (the phone's layout is its own); each screen checked in both colour modes there.
for (const [theme, width] of [
  ['light', 1280],
  ['dark', 390],
] as const) {
  test(`photos: upload, reorder, delete, cover and gallery, at ${width} px`, async ({ browser, baseURL }) => {
    test.slow()
    const { page, context } = await signedInPage(browser, baseURL!)
    await page.setViewportSize({ width, height: 900 })
    const title = `Photo room ${uniqueToken()}`
    const id = await createListingViaApi(context.request, baseURL!, { title, location: title })
    await page.goto('/dashboard')
    await page.evaluate((value) => localStorage.setItem('theme', value), theme)
    const name = `${theme}-${width}`

    await test.step('choose several files: pictures upload, refused files say why', async () => {
      await page.goto(`/dashboard/my-listing/${id}`)
      await page
        .getByLabel('Choose photos')
        .setInputFiles([
          await picture('red.jpg', '#c62828'),
          await picture('green.jpg', '#2e7d32'),
          await picture('blue.jpg', '#1565c0', 900, 1200),
          { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a picture') },
          { name: 'script.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('#!/bin/sh\necho hi\n') },
        ])
      const form = main(page)
      await expect(form.getByRole('alert')).toContainText(
        'notes.txt is not a JPEG, PNG, WebP or AVIF picture.',
      )
      // The server read the "JPEG" and found a script: its tile says so.
      await expect(form.getByRole('listitem').filter({ hasText: 'Not added:' })).toContainText(
        'This file is not a JPEG, PNG, WebP or AVIF picture.',
      )
      await expect(form.getByRole('button', { name: /^Delete Photo/ })).toHaveCount(4)
      await expect(form.getByText('Cover', { exact: true })).toBeVisible()
      await expect
        .poll(async () => (await tileSources(page)).filter((src) => src?.startsWith('/photos/')).length)
        .toBe(3)
      await expectNoSeriousViolationsInBothModes(page)
      await form.getByRole('group', { name: 'Photos' }).scrollIntoViewIfNeeded()
      await shot(page, `photos-edit-${name}`)
    })

    await test.step('reorder with the buttons and delete; both are saved at once', async () => {
      const before = (await tileSources(page)).slice(0, 3)
      await main(page).getByRole('button', { name: 'Move Photo 3 earlier' }).click()
      // The focus goes with the photo: the same button, in its new place, now says so.
      await expect(main(page).getByRole('button', { name: 'Move Photo 2 earlier' })).toBeFocused()
      await page.keyboard.press('Enter')
      await expect(page.getByRole('status').filter({ hasText: 'it is now the cover' })).toBeAttached()
      const first = main(page).getByRole('button', { name: 'Move Photo 1 (cover) earlier' })
      await expect(first).toBeFocused()
      await expect(first).toBeDisabled()
      // Later, by keyboard, keeps the focus too (the list's reordering would otherwise drop it).
      await main(page).getByRole('button', { name: 'Move Photo 1 (cover) later' }).focus()
      await page.keyboard.press('Enter')
      await expect(main(page).getByRole('button', { name: 'Move Photo 2 later' })).toBeFocused()
      await main(page).getByRole('button', { name: 'Move Photo 2 earlier' }).press('Enter')
      await expect(main(page).getByRole('button', { name: 'Move Photo 1 (cover) earlier' })).toBeFocused()
      await expect
        .poll(async () => (await tileSources(page)).slice(0, 3))
        .toEqual([before[2], before[0], before[1]])
      await main(page).getByRole('button', { name: 'Delete Photo 3' }).click()
      await expect(main(page).getByRole('button', { name: /^Delete Photo/ })).toHaveCount(3)
      await page.reload()
      await expect.poll(() => tileSources(page)).toEqual([before[2], before[0]])
    })

    await test.step('the cover on the browse card, sized, and (first on the page) fetched at once', async () => {
      await page.goto(`/dashboard/browse-listing?q=${encodeURIComponent(title)}`)
      const cover = main(page).getByRole('img', { name: `Photo of ${title}` })
      await expect(cover).toBeVisible()
      // Covers further down load lazily; the first ones are the page's largest paint.
      await expect(cover).toHaveAttribute('loading', 'eager')
      await expect(cover).toHaveAttribute('fetchpriority', 'high')
      await expect(cover).toHaveAttribute('width', /\d+/)
      await expect(cover).toHaveAttribute('height', /\d+/)
      await expectNoSeriousViolationsInBothModes(page)
      await cover.scrollIntoViewIfNeeded()
      await shot(page, `photos-browse-${name}`)
    })

    await test.step('the gallery: arrow keys, buttons and full screen', async () => {
      await page.goto(`/dashboard/browse-listing-details/${id}`)
      const gallery = main(page).getByRole('region', { name: `Photos of ${title}` })
      await expect(gallery.getByText('1 / 2')).toBeVisible()
      await gallery.getByRole('list').focus()
      await page.keyboard.press('ArrowRight')
      await expect(gallery.getByText('2 / 2')).toBeVisible()
      // The strip scrolls smoothly to the photo; the next step starts once it has come to rest, as a person's
      // does (a press during the scroll could be counted from the photo it is leaving: decision 026).
      const strip = gallery.getByRole('list')
      await scrollAtRest(strip)
      await gallery.getByRole('button', { name: 'Next photo' }).first().click()
      await expect(gallery.getByText('1 / 2')).toBeVisible()
      await expectNoSeriousViolationsInBothModes(page)
      await shot(page, `photos-details-${name}`)
      await gallery.getByRole('button', { name: 'Full screen' }).click()
      const dialog = page.getByRole('dialog', { name: `Photos of ${title}, full screen` })
      await expect(dialog).toBeVisible()
      await page.keyboard.press('ArrowRight')
      await expect(dialog.getByText('2 / 2')).toBeVisible()
      await expectNoSeriousViolationsInBothModes(page)
      await shot(page, `photos-fullscreen-${name}`)
      await page.keyboard.press('Escape')
      await expect(dialog).toBeHidden()
    })
    await context.close()
  })
}

test('the add form uploads the chosen photos with the new listing', async ({ browser, baseURL }) => {
  test.slow()
  const { page, context } = await signedInPage(browser, baseURL!)
  const title = `New photo room ${uniqueToken()}`
  await page.goto('/dashboard/find-rommate')
  await page.getByLabel('Title').fill(title)
  await page.getByLabel('Location').fill('Leeds')
  await page.getByLabel('Rent per month').fill('640')
  await page.getByLabel('Room type').selectOption('Single')
  await page.getByLabel('Who is posting').selectOption('Current flatmate')
  await page.getByLabel('Contact info').fill('facebook.com/photo.tester')
  await page
    .getByLabel('Choose photos')
    .setInputFiles([await picture('one.jpg', '#6a1b9a'), await picture('two.jpg', '#ef6c00')])
  await expect(main(page).getByText('Uploads with the listing')).toHaveCount(2)
  await page.getByRole('button', { name: 'Add Listing' }).click()
  await expectPopup(page, 'Roommate Listing Added Successfully!')
  await expect(page).toHaveURL(/\/dashboard\/my-listing$/)
  const listings = (await (await context.request.get('/api/my-listings')).json()) as {
    _id: string
    title: string
  }[]
  const created = listings.find((listing) => listing.title === title)!
  const details = await (await context.request.get(`/api/roommate-listings/${created._id}`)).json()
  expect(details.photos).toHaveLength(2)
  // A photo loads where an alert mail shows it, in a mail client on another origin.
  const photo = await context.request.get(details.photos[0].url)
  expect(photo.headers()['cross-origin-resource-policy']).toBe('cross-origin')
  await context.close()
})
