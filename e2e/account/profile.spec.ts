import { expect, test } from '@playwright/test'
import { signedInPage } from '../support/api.ts'
import { expectPopup } from '../support/popup.ts'

test('a profile update shows at once in the navigation and the dashboard', async ({ browser, baseURL }) => {
  const { page, context, user } = await signedInPage(browser, baseURL!)
  await page.goto('/dashboard/profile-settings')
  await expect(page.getByLabel('Email')).toHaveValue(user.email)
  await expect(page.getByLabel('Email')).not.toBeEditable()
  await expect(page.getByText("Email can't be changed")).toBeVisible()

  const photo = `${baseURL}/logo.svg`
  await page.getByLabel('Name').fill('Renamed Person')
  await page.getByLabel('Photo URL').fill(photo)
  await page.getByRole('button', { name: 'Save Changes' }).click()
  await expectPopup(page, 'Profile Updated!')

  const avatar = page.getByRole('banner').getByRole('img', { name: 'Renamed Person' })
  await expect(avatar).toHaveAttribute('src', photo)
  await page.getByRole('link', { name: 'Overview' }).click()
  await expect(page.getByRole('heading', { name: 'Welcome, Renamed Person!' })).toBeVisible()
  await page.goto('/')
  await expect(page.getByRole('banner').getByRole('img', { name: 'Renamed Person' })).toBeVisible()
  await context.close()
})

test('the profile form checks name and photo URL', async ({ browser, baseURL }) => {
  const { page, context } = await signedInPage(browser, baseURL!)
  await page.goto('/dashboard/profile-settings')
  await page.getByLabel('Name').fill('')
  await page.getByLabel('Photo URL').fill('ftp://example.com/me.png')
  await page.getByRole('button', { name: 'Save Changes' }).click()
  await expect(page.getByText('Name is required.')).toBeVisible()
  await expect(page.getByText('Photo URL must start with http:// or https://.')).toBeVisible()
  await context.close()
})
