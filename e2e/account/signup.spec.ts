import { expect, test } from '@playwright/test'
import { expectNoSeriousA11yViolations } from '../public/helpers.ts'
import { newUser, signUpViaApi } from '../support/api.ts'
import { linkFromMail, mailCount } from '../support/mail.ts'
import { closePopup, expectPopup } from '../support/popup.ts'

const CHECK_INBOX = 'Check your inbox'

test.describe('signup', () => {
  test('shows the password rules while typing and refuses a weak password with a pop-up', async ({
    page,
  }) => {
    let signUpCalls = 0
    page.on('request', (request) => {
      if (request.url().includes('/api/auth/sign-up')) signUpCalls += 1
    })
    await page.goto('/signup')
    const password = page.getByLabel('Password')
    await password.fill('abc')
    await expect(page.getByText('Password must be at least 6 characters.')).toBeVisible()
    await password.fill('abcdefg')
    await expect(page.getByText('Password must include at least one uppercase letter.')).toBeVisible()
    await password.fill('ABCDEFG')
    await expect(page.getByText('Password must include at least one lowercase letter.')).toBeVisible()
    await expect(password).toHaveAttribute('aria-invalid', 'true')

    await page.getByLabel('Name').fill('Weak Password')
    await page.getByLabel('Email').fill(newUser().email)
    await page.getByRole('button', { name: 'Sign up' }).click()
    await expectPopup(page, 'Invalid Password', 'See what to change under the password field.')
    expect(signUpCalls).toBe(0)
    // The rule itself is said once, next to the field.
    await expect(page.getByText('Password must include at least one lowercase letter.')).toHaveCount(1)

    await closePopup(page)
    // The same list of common passwords the server refuses, in any letter case.
    await password.fill('pASSWORd1')
    await expect(
      page.getByText('This password is too common; choose one that is harder to guess.'),
    ).toBeVisible()
    await password.fill('Abcdefg')
    await expect(page.getByText(/Password must|too common/)).toHaveCount(0)
  })

  test("an empty form shows every field's message at once, each once", async ({ page }) => {
    await page.goto('/signup')
    await page.getByRole('button', { name: 'Sign up' }).click()
    await expectPopup(page, 'Invalid Password', 'See what to change under the password field.')
    await closePopup(page)
    for (const message of [
      'Name is required.',
      'Enter a valid email address.',
      'Password must be at least 6 characters.',
    ])
      await expect(page.getByText(message)).toHaveCount(1)
    await expect(page.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true')
    await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true')
    await expect(page.getByLabel('Password')).toHaveAttribute('aria-invalid', 'true')
  })

  test('requires a name and an e-mail', async ({ page }) => {
    await page.goto('/signup')
    await page.getByLabel('Password').fill('Nestmate1')
    await page.getByRole('button', { name: 'Sign up' }).click()
    await expect(page.getByText('Name is required.')).toBeVisible()
    await expect(page.getByText('Enter a valid email address.')).toBeVisible()
    await expect(page).toHaveURL(/\/signup$/)
  })

  test('signs up, says a mail is on its way, then logs in and returns to the remembered page', async ({
    page,
  }) => {
    const user = newUser()
    await page.goto('/signup?from=/dashboard/profile-settings')
    await page.getByLabel('Name').fill(user.name)
    await page.getByLabel('Email').fill(user.email)
    await page.getByLabel('Password').fill(user.password)
    await page.getByRole('button', { name: 'Sign up' }).click()
    const status = page.getByRole('status').filter({ hasText: CHECK_INBOX })
    await expect(status.getByRole('heading', { name: CHECK_INBOX })).toBeVisible()
    await expect(status.getByText(user.email)).toBeVisible()
    await expectNoSeriousA11yViolations(page)
    expect(await linkFromMail(user.email, /Confirm your e-mail address/)).toContain('/api/auth/verify-email')

    await status.getByRole('link', { name: 'Log in' }).click()
    await expect(page).toHaveURL(/\/login\?from=\/dashboard\/profile-settings$/)
    await page.getByLabel('Email').fill(user.email)
    await page.getByLabel('Password').fill(user.password)
    await page.getByRole('button', { name: 'Login' }).click()
    await expect(page).toHaveURL(/\/dashboard\/profile-settings$/)
    await expect(page.getByLabel('Email')).toHaveValue(user.email)
  })

  test('an address that has an account gets the same page, and its owner a mail saying how to log in', async ({
    page,
    request,
    baseURL,
  }) => {
    const user = await signUpViaApi(request, baseURL!)
    await page.goto('/signup')
    await page.getByLabel('Name').fill('Second Person')
    await page.getByLabel('Email').fill(user.email)
    await page.getByLabel('Password').fill('Another1')
    await page.getByRole('button', { name: 'Sign up' }).click()
    const status = page.getByRole('status').filter({ hasText: CHECK_INBOX })
    await expect(status.getByRole('heading', { name: CHECK_INBOX })).toBeVisible()
    await expect(status.getByText(user.email)).toBeVisible()
    await expect(page.getByRole('dialog')).toHaveCount(0)
    await expect.poll(() => mailCount(user.email, /Someone tried to sign up/)).toBe(1)
  })

  test('links to login and keeps the remembered page', async ({ page }) => {
    await page.goto('/signup?from=/dashboard/my-listing')
    await page.getByRole('link', { name: 'Log in' }).click()
    await expect(page).toHaveURL(/\/login\?from=\/dashboard\/my-listing$/)
  })
})
