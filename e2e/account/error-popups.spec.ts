import { expect, test, type Page } from '@playwright/test'
import { createListingViaApi, signedInPage } from '../support/api.ts'
import { closePopup, expectPopup } from '../support/popup.ts'

// Every error pop-up the product shows (title and text), provoked by answering the app's calls with the failure in question.

async function fillValidListing(page: Page) {
  await page.getByLabel('Title').fill('Quiet room')
  await page.getByLabel('Location').fill('Ghent')
  await page.getByLabel('Rent per month').fill('600')
  await page.getByLabel('Room type').selectOption('Single')
  await page.getByLabel('Who is posting').selectOption('Current flatmate')
  await page.getByLabel('Contact info').fill('facebook.com/quiet.room')
}

test.describe('add listing', () => {
  test('shows the server’s field issues beside the fields', async ({ browser, baseURL }) => {
    const { page, context } = await signedInPage(browser, baseURL!)
    await page.route('**/api/roommate-listings', (route) =>
      route.fulfill({
        status: 400,
        json: {
          error: 'Invalid listing.',
          issues: [{ path: 'location', message: 'We do not serve that city yet.' }],
        },
      }),
    )
    await page.goto('/dashboard/find-rommate')
    await fillValidListing(page)
    await page.getByRole('button', { name: 'Add Listing' }).click()
    await expect(page.getByText('We do not serve that city yet.')).toBeVisible()
    await expect(page.getByLabel('Location')).toHaveAttribute('aria-invalid', 'true')
    await context.close()
  })

  test('shows Oops with the server’s error', async ({ browser, baseURL }) => {
    const { page, context } = await signedInPage(browser, baseURL!)
    await page.route('**/api/roommate-listings', (route) =>
      route.fulfill({ status: 429, json: { error: 'Too many new listings. Try again later.' } }),
    )
    await page.goto('/dashboard/find-rommate')
    await fillValidListing(page)
    await page.getByRole('button', { name: 'Add Listing' }).click()
    await expectPopup(page, 'Oops...', 'Too many new listings. Try again later.')
    await expect(page).toHaveURL(/\/dashboard\/find-rommate$/)
    // OK gives the focus back to the button that was pressed, not to the start of the page.
    await closePopup(page)
    await expect(page.getByRole('button', { name: 'Add Listing' })).toBeFocused()
    await context.close()
  })
})

test.describe('update listing', () => {
  for (const [name, answer, text] of [
    [
      'the server’s error',
      { status: 403, json: { error: 'You can only change your own listings.' } },
      'You can only change your own listings.',
    ],
    ['an answer without a message', { status: 200, json: {} }, 'Something went wrong'],
    ['a network failure', null, 'Failed to update listing.'],
  ] as const) {
    test(`reports ${name}`, async ({ browser, baseURL }) => {
      const { page, context } = await signedInPage(browser, baseURL!)
      const id = await createListingViaApi(context.request, baseURL!)
      await page.route(`**/api/roommate-listings/${id}`, (route) =>
        route.request().method() !== 'PUT'
          ? route.fallback()
          : answer
            ? route.fulfill(answer)
            : route.abort(),
      )
      await page.goto(`/dashboard/my-listing/${id}`)
      await page.getByRole('button', { name: 'Update Listing' }).click()
      await expectPopup(page, 'Error!', text)
      await context.close()
    })
  }
})

test.describe('my listings', () => {
  for (const [name, answer, text] of [
    ['an answer without a message', { status: 200, json: {} }, 'Something went wrong!'],
    ['a network failure', null, 'Failed to delete listing.'],
  ] as const) {
    test(`delete reports ${name} and keeps the row`, async ({ browser, baseURL }) => {
      const { page, context } = await signedInPage(browser, baseURL!)
      const id = await createListingViaApi(context.request, baseURL!, { title: 'Keep me' })
      await page.route(`**/api/roommate-listings/${id}`, (route) =>
        route.request().method() !== 'DELETE'
          ? route.fallback()
          : answer
            ? route.fulfill(answer)
            : route.abort(),
      )
      await page.goto('/dashboard/my-listing')
      // The list's reload after the failed delete is held until the pop-up is closed: Delete is still disabled
      // ("Deleting…") when the focus comes back, as when a person closes it quickly on a slow connection.
      let releaseReload = () => {}
      const closed = new Promise<void>((resolve) => (releaseReload = resolve))
      await expect(page.getByRole('button', { name: 'Delete Keep me' })).toBeEnabled()
      await page.route('**/api/my-listings', async (route) => {
        await closed
        await route.fallback()
      })
      await page.getByRole('button', { name: 'Delete Keep me' }).click()
      await page.getByRole('button', { name: 'Yes, delete it!' }).click()
      await expectPopup(page, 'Error!', text)
      // While a pop-up is open, sweetalert2 hides the page from the accessibility tree.
      await closePopup(page)
      await expect(page.getByRole('button', { name: 'Delete Keep me' })).toBeDisabled()
      releaseReload()
      await expect(page.getByRole('row', { name: /Keep me/ })).toBeVisible()
      // Both pop-ups closed and the list reloaded, the focus is back on Delete.
      await expect(page.getByRole('button', { name: 'Delete Keep me' })).toBeFocused()
      await context.close()
    })
  }

  test('cancelling the confirmation deletes nothing', async ({ browser, baseURL }) => {
    const { page, context } = await signedInPage(browser, baseURL!)
    await createListingViaApi(context.request, baseURL!, { title: 'Still here' })
    await page.goto('/dashboard/my-listing')
    await page.getByRole('button', { name: 'Delete Still here' }).click()
    await page.getByRole('button', { name: 'Cancel' }).click()
    await page.reload()
    await expect(page.getByRole('row', { name: /Still here/ })).toBeVisible()
    await context.close()
  })

  test('a failed load says so', async ({ browser, baseURL }) => {
    const { page, context } = await signedInPage(browser, baseURL!)
    await page.route('**/api/my-listings*', (route) =>
      route.fulfill({ status: 500, json: { error: 'Internal error.' } }),
    )
    await page.goto('/dashboard/my-listing')
    await expectPopup(page, 'Error', 'Failed to load listings')
    await context.close()
  })
})

test('a failed profile update says so', async ({ browser, baseURL }) => {
  const { page, context } = await signedInPage(browser, baseURL!)
  await page.route('**/api/auth/update-user', (route) =>
    route.fulfill({ status: 500, json: { message: 'boom' } }),
  )
  await page.goto('/dashboard/profile-settings')
  await page.getByLabel('Name').fill('New Name')
  await page.getByRole('button', { name: 'Save Changes' }).click()
  await expectPopup(page, 'Update Failed', 'Something went wrong while updating your profile.')
  await context.close()
})
