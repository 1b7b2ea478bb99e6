import { expect as baseExpect, test } from '@playwright/test'
import { createListingViaApi, newUser, signedInPage, signUpViaApi } from '../support/api.ts'
import { linkFromMail, mailCount } from '../support/mail.ts'
import { closePopup, expectPopup } from '../support/popup.ts'
import { logInWithForm, main } from './helpers.ts'
import { expectNoSeriousViolationsEverywhere } from '../support/axe.ts'

// Whole journeys through mail: slower than one page.
test.describe.configure({ timeout: 180_000 })
const expect = baseExpect.configure({ timeout: 30_000 })

const VERIFY = /^Confirm your e-mail address/
const RESET = /^Reset your Nestmate password/

test('verify: the sign-up mail confirms the address; resend works; the banner and mark follow', async ({
  browser,
  baseURL,
}) => {
  const { page, context, user } = await signedInPage(browser, baseURL!)
  await page.goto('/dashboard')
  const banner = page.getByRole('complementary', { name: 'E-mail verification' })
  await expect(banner).toContainText(`Please confirm ${user.email}`)
  await banner.getByRole('button', { name: 'Resend verification e-mail' }).click()
  await expect(banner.getByRole('status')).toHaveText('Sent. Check your inbox for the link.')
  await expect.poll(() => mailCount(user.email, VERIFY)).toBe(2)

  // The first mail's link still works: each is valid for a day.
  await page.goto(await linkFromMail(user.email, VERIFY, 1))
  await expect(page).toHaveURL(/\/email-verified$/)
  await expect(main(page).getByRole('status')).toContainText('Your e-mail address is verified.')

  await main(page).getByRole('link', { name: 'Go to your dashboard' }).click()
  await expect(page.getByText(`Welcome, ${user.name}!`)).toBeVisible()
  await expect(banner).toBeHidden()
  await page.goto('/dashboard/profile-settings')
  await expect(main(page).getByText('E-mail verified')).toBeVisible()

  // Others see the mark on this person's listing.
  const id = await createListingViaApi(context.request, baseURL!, { title: 'Verified owner room' })
  const reader = await signedInPage(browser, baseURL!)
  await reader.page.goto(`/browse-listing-details/${id}`)
  await expect(main(reader.page).getByText('E-mail verified')).toBeVisible()
  await reader.context.close()
  await context.close()
})

test('verify: a broken or expired link says so and points to a new one', async ({ page }) => {
  await page.goto('/email-verified?error=TOKEN_EXPIRED')
  await expect(main(page).getByRole('alert')).toContainText('This verification link has expired.')
  await expect(main(page).getByRole('link', { name: 'Go to profile settings' })).toBeVisible()
  await page.goto('/api/auth/verify-email?token=forged&callbackURL=%2Femail-verified')
  await expect(page).toHaveURL(/\/email-verified\?error=INVALID_TOKEN$/)
  await expect(main(page).getByRole('alert')).toContainText('This verification link is not valid.')
})

test('forgot password: mail, new password, signed out elsewhere, link used up', async ({
  browser,
  baseURL,
  page,
}) => {
  const other = await signedInPage(browser, baseURL!)
  const { user } = other
  await page.goto('/login')
  await page.getByRole('link', { name: 'Forgot password?' }).click()
  await expect(page).toHaveURL(/\/forgot-password$/)
  await page.getByLabel('Email').fill(user.email)
  await page.getByRole('button', { name: 'Send reset link' }).click()
  await expect(main(page).getByRole('status')).toContainText(`If an account uses ${user.email}`)

  const link = await linkFromMail(user.email, RESET)
  await page.goto(link)
  await expect(page).toHaveURL(/\/reset-password\?token=/)
  await page.getByRole('textbox', { name: 'New password', exact: true }).fill('password1')
  await expect(main(page).getByText('Password must include at least one uppercase letter.')).toBeVisible()
  await page.getByRole('textbox', { name: 'New password', exact: true }).fill('Fresh-Start-42')
  await page.getByLabel('Repeat the new password').fill('Fresh-Start-42')
  await page.getByRole('button', { name: 'Set new password' }).click()
  await expect(main(page).getByRole('status')).toContainText('Your password is changed.')

  // The other browser's session is over.
  await other.page.goto('/dashboard')
  await expect(other.page).toHaveURL(/\/login\?from=\/dashboard$/)
  await other.context.close()

  await main(page).getByRole('link', { name: 'Log in' }).click()
  await logInWithForm(page, { email: user.email, password: 'Fresh-Start-42' })
  await expect(page).toHaveURL(/\/$/)

  // The same link again: used up, and the page says so.
  await page.goto(link)
  await expect(main(page).getByRole('alert')).toContainText('This link has expired or has already been used.')
})

test('forgot password: an unknown address gets the same answer', async ({ page }) => {
  await page.goto('/forgot-password')
  await page.getByLabel('Email').fill('nobody-at-all@example.com')
  await page.getByRole('button', { name: 'Send reset link' }).click()
  await expect(main(page).getByRole('status')).toContainText('If an account uses nobody-at-all@example.com')
})

test('change password in profile settings: the old one stops working', async ({ browser, baseURL }) => {
  const { page, context, user } = await signedInPage(browser, baseURL!)
  await page.goto('/dashboard/profile-settings')
  const section = page.getByRole('region', { name: 'Change password' })
  await section.getByLabel('Current password').fill('Wrong-Password-1')
  await section.getByRole('textbox', { name: 'New password', exact: true }).fill('Brand-New-77')
  await section.getByLabel('Repeat the new password').fill('Brand-New-77')
  await section.getByRole('button', { name: 'Change password' }).click()
  await expect(section.getByText('That is not your current password.')).toBeVisible()
  await section.getByLabel('Current password').fill(user.password)
  await section.getByRole('button', { name: 'Change password' }).click()
  await expectPopup(page, 'Password Changed')
  await context.close()

  const fresh = await browser.newPage({ baseURL })
  await fresh.goto('/login')
  await logInWithForm(fresh, user)
  await expectPopup(fresh, 'Oops...')
  await closePopup(fresh)
  await logInWithForm(fresh, { email: user.email, password: 'Brand-New-77' })
  await expect(fresh).toHaveURL(/\/$/)
  await fresh.close()
})

test('delete my account: says what goes, asks for the password, then it is gone', async ({
  browser,
  baseURL,
}) => {
  const { page, context, user } = await signedInPage(browser, baseURL!)
  await createListingViaApi(context.request, baseURL!, { title: 'Soon gone room' })
  const liker = newUser()
  await page.goto('/dashboard/profile-settings')
  const section = page.getByRole('region', { name: 'Delete my account' })
  await expect(section).toContainText('Your 1 listing, with their photos and the likes others gave them;')
  await expect(section).toContainText('your living profile: your answers and interests')
  await section.getByLabel('Your password').fill('Not-my-password-1')
  await section.getByRole('button', { name: 'Delete my account' }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Delete my account' }).click()
  await expect(section.getByText('That is not your password.')).toBeVisible()

  await section.getByLabel('Your password').fill(user.password)
  await section.getByRole('button', { name: 'Delete my account' }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Delete my account' }).click()
  // A confirmation that stays: a page of its own, which says what went.
  await expect(page).toHaveURL(/\/account-deleted$/)
  await expect(page.getByRole('heading', { name: 'Account Deleted', level: 1 })).toBeVisible()
  await expect(page.getByRole('status')).toContainText('Your Nestmate account has been deleted.')
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' }),
  ).toBeVisible()
  await context.close()

  // The address is free: signing in fails, signing up again works.
  const fresh = await browser.newPage({ baseURL })
  await fresh.goto('/login')
  await logInWithForm(fresh, user)
  await expectPopup(fresh, 'Oops...')
  await signUpViaApi(fresh.request, baseURL!, { ...liker, email: user.email })
  await fresh.close()
})

// One short test per page, each checked in both colour modes at both widths without reloading it (a single sweep
// of all of them outlasted its time limit on a busy machine); screenshots of each on request.
const ACCOUNT_PAGES = [
  { path: '/forgot-password', ready: 'Send reset link' },
  { path: '/reset-password?token=not-checked-until-submit', ready: 'Set new password' },
  { path: '/reset-password?error=INVALID_TOKEN', ready: 'Ask for a new link' },
  { path: '/email-verified', ready: 'Go to your dashboard' },
  { path: '/email-verified?error=TOKEN_EXPIRED', ready: 'Go to profile settings' },
  { path: '/account-deleted', ready: 'Your Nestmate account has been deleted.' },
]
for (const entry of ACCOUNT_PAGES) {
  test(`${entry.path} passes axe at 390 and 1280 px in both modes`, async ({ page }) => {
    await page.goto(entry.path)
    await expect(page.getByText(entry.ready).first()).toBeVisible()
    const name = entry.path.replace(/\W+/g, '-').slice(1)
    await expectNoSeriousViolationsEverywhere(page, { screenshot: name })
  })
}
