import { expect, test } from '@playwright/test'
import { signedInPage } from '../support/api.ts'
import { main } from './helpers.ts'

// The add form's messages follow the fields: a fixed field loses its message at once, and the description
// says how much room is left near its limit.

test('a refused field loses its message as soon as its value is valid', async ({ browser, baseURL }) => {
  const { page, context } = await signedInPage(browser, baseURL!)
  await page.goto('/dashboard/find-rommate')
  await page.getByLabel('Phone number').fill('call me maybe')
  await page.getByRole('button', { name: 'Add Listing' }).click()
  const form = main(page)
  const phoneMessage = 'Phone number may contain only digits, spaces, +, -, ( and ).'
  await expect(form.getByText(phoneMessage)).toBeVisible()
  await expect(form.getByText('Title is required.')).toBeVisible()

  await page.getByLabel('Phone number').fill('+1 503 555 0100')
  await expect(form.getByText(phoneMessage)).toHaveCount(0)
  await expect(page.getByLabel('Phone number')).not.toHaveAttribute('aria-invalid', 'true')
  // Other refused fields keep their messages until they are fixed too.
  await expect(form.getByText('Title is required.')).toBeVisible()
  await page.getByLabel('Title').fill('A room')
  await expect(form.getByText('Title is required.')).toHaveCount(0)
  await context.close()
})

test('the description counts down near its limit', async ({ browser, baseURL }) => {
  const { page, context } = await signedInPage(browser, baseURL!)
  await page.goto('/dashboard/find-rommate')
  const description = page.getByLabel('Description')
  await description.fill('x'.repeat(4000))
  await expect(main(page).getByText(/characters left/)).toHaveCount(0)
  await description.fill('x'.repeat(4600))
  await expect(main(page).getByText('400 of 5,000 characters left.')).toBeVisible()
  await description.fill('x'.repeat(5000))
  await expect(main(page).getByText('5,000 characters: the description is full.')).toBeVisible()
  await context.close()
})
