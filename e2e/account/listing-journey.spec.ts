import { expect, test } from '@playwright/test'
import { newUser, uniqueToken } from '../support/api.ts'
import { closePopup, expectPopup } from '../support/popup.ts'
import { main } from './helpers.ts'

test('sign up, post a listing, find it, update it and delete it', async ({ page }) => {
  // A whole journey of five pages and several pop-ups: three times the default budget.
  test.slow()
  const user = newUser()
  const title = `Garden room ${uniqueToken()}`

  await test.step('sign up', async () => {
    await page.goto('/signup?from=/dashboard/find-rommate')
    await page.getByLabel('Name').fill(user.name)
    await page.getByLabel('Email').fill(user.email)
    await page.getByLabel('Password').fill(user.password)
    await page.getByRole('button', { name: 'Sign up' }).click()
    // A sign-up signs no one in: the page says a mail is on its way, then the person logs in.
    await page.getByRole('status').getByRole('link', { name: 'Log in' }).click()
    await page.getByLabel('Email').fill(user.email)
    await page.getByLabel('Password').fill(user.password)
    await page.getByRole('button', { name: 'Login' }).click()
    await expect(page).toHaveURL(/\/dashboard\/find-rommate$/)
  })

  await test.step('the add form checks the required fields beside them', async () => {
    await expect(page.getByRole('heading', { name: /Add Roommate Listing/ })).toBeVisible()
    await expect(page.getByLabel('Your name')).toHaveValue(user.name)
    await expect(page.getByLabel('Your email')).toHaveValue(user.email)
    await expect(page.getByLabel('Your email')).not.toBeEditable()
    await expect(page.getByLabel('Availability')).toHaveValue('Available')
    await page.getByRole('button', { name: 'Add Listing' }).click()
    for (const message of [
      'Title is required.',
      'Location is required.',
      'Rent is required.',
      'Room type is required.',
      'Contact info is required.',
      'Who is posting is required.',
    ]) {
      await expect(main(page).getByText(message)).toBeVisible()
    }
    await expect(page.getByLabel('Title')).toHaveAttribute('aria-invalid', 'true')
    await expect(page.getByLabel('Title')).toBeFocused()
  })

  await test.step('post the listing', async () => {
    await page.getByLabel('Title').fill(title)
    await page.getByLabel('Location').fill('Lisbon, Alfama')
    await page.getByLabel('Rent per month').fill('720')
    await page.getByLabel('Room type').selectOption('Studio')
    await page.getByLabel('Who is posting').selectOption('Landlord who lives there')
    await page.getByLabel('Lifestyle preferences').fill('Quiet, plants, no smoking')
    await page.getByLabel('Description').fill('Bright studio with a balcony.')
    await page.getByLabel('Contact info').fill('facebook.com/garden.room')
    await page.getByLabel('Phone number').fill('+351 912 345 678')
    await page.getByRole('button', { name: 'Add Listing' }).click()
    await expectPopup(page, 'Roommate Listing Added Successfully!')
    await expect(page).toHaveURL(/\/dashboard\/my-listing$/)
    const row = page.getByRole('row', { name: new RegExp(title) })
    await expect(row).toContainText('Lisbon, Alfama')
    await expect(row).toContainText('$720')
    await expect(row).toContainText('Studio')
    await expect(main(page).getByText('Rents are per month, in US Dollar (USD)')).toBeVisible()
  })

  await test.step('the overview counts it', async () => {
    await page.getByRole('link', { name: 'Overview' }).click()
    await expect(page.getByRole('heading', { name: `Welcome, ${user.name}!` })).toBeVisible()
    await expect(page.getByRole('listitem').filter({ hasText: 'My Listings' })).toContainText('1')
    await expect(page.getByRole('listitem').filter({ hasText: 'Your Email' })).toContainText(user.email)
  })

  await test.step('find it in browse and open its details', async () => {
    await page.goto(`/browse-listing?q=${encodeURIComponent(title)}`)
    // The card says who is posting, in words, and so do the details.
    await expect(page.getByRole('article').filter({ hasText: title })).toContainText(
      'Landlord who lives there',
    )
    await page.getByRole('link', { name: `See more about ${title}` }).click()
    await expect(page.getByRole('heading', { name: title })).toBeVisible()
    await expect(page.getByRole('definition').filter({ hasText: 'Landlord who lives there' })).toBeVisible()
    await expect(page.getByText('0 people interested in')).toBeVisible()
    await expect(page.getByText('Studio', { exact: true })).toBeVisible()
    const contact = page.getByRole('link', { name: /Facebook Page/ })
    await expect(contact).toHaveAttribute('href', 'https://facebook.com/garden.room')
    await expect(contact).toHaveAttribute('rel', 'noopener noreferrer nofollow ugc')
    await expect(contact).toHaveAttribute('target', '_blank')
    await page.getByRole('link', { name: 'Back to Listings' }).click()
    // Back to Listings returns to the search the listing was opened from.
    await expect(page).toHaveURL(`/browse-listing?q=${encodeURIComponent(title)}`)
    await expect(page.getByRole('link', { name: `See more about ${title}` })).toBeVisible()
  })

  await test.step('update it, switching availability', async () => {
    await page.goto('/dashboard/my-listing')
    await page.getByRole('link', { name: `Update ${title}` }).click()
    await expect(page.getByLabel('Title')).toHaveValue(title)
    await expect(page.getByLabel('Phone number')).toHaveValue('+351 912 345 678')
    await expect(page.getByLabel('Contact info')).toHaveValue('https://facebook.com/garden.room')
    await page.getByLabel('Rent per month').fill('750')
    await page.getByLabel('Availability').selectOption('Not Available')
    await page.getByRole('button', { name: 'Update Listing' }).click()
    await expectPopup(page, 'Listing Updated!')
    await expect(page).toHaveURL(/\/dashboard\/my-listing$/)
    await expect(page.getByRole('row', { name: new RegExp(title) })).toContainText('$750')
    await page.goto(`/browse-listing?q=${encodeURIComponent(title)}`)
    await expect(main(page).getByText('Not Available')).toBeVisible()
  })

  await test.step('delete it', async () => {
    await page.goto('/dashboard/my-listing')
    await page.getByRole('button', { name: `Delete ${title}` }).click()
    await expectPopup(page, 'Are you sure?', `“${title}” will be deleted. You won't be able to revert this!`)
    await page.getByRole('button', { name: 'Yes, delete it!' }).click()
    await expectPopup(page, 'Deleted!', 'Your listing has been deleted.')
    // While a pop-up is open, sweetalert2 hides the page from the accessibility tree.
    await closePopup(page)
    await expect(page.getByRole('row', { name: new RegExp(title) })).toHaveCount(0)
    await expect(page.getByText('No listings found.')).toBeVisible()
    // Delete went with its row: OK leaves the focus on the page's heading, not at the start of the page.
    await expect(main(page).getByRole('heading', { name: 'My Listings', level: 1 })).toBeFocused()
  })
})
