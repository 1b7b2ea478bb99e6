import { expect, test } from '@playwright/test'
import { signedInPage, signUpViaApi } from '../support/api.ts'
import { expectPopup } from '../support/popup.ts'
import { logInWithForm } from './helpers.ts'

test.describe('login', () => {
  test('asks for both e-mail and password', async ({ page }) => {
    await page.goto('/login')
    await page.getByRole('button', { name: 'Login', exact: true }).click()
    await expect(
      page.getByRole('alert').filter({ hasText: 'Please enter both email and password.' }),
    ).toBeVisible()
    await page.getByLabel('Email').fill('someone@example.com')
    await page.getByRole('button', { name: 'Login', exact: true }).click()
    await expect(page.getByText('Please enter both email and password.')).toBeVisible()
  })

  test('shows a red inline message and an Oops pop-up for wrong credentials', async ({
    page,
    request,
    baseURL,
  }) => {
    const user = await signUpViaApi(request, baseURL!)
    await page.goto('/login')
    await logInWithForm(page, { email: user.email, password: 'Wrong-password1' })
    await expectPopup(page, 'Oops...', 'Invalid email or password')
    await expect(page.locator('#login-error')).toHaveText(/Invalid email or password/)
    await expect(page).toHaveURL(/\/login$/)
  })

  test('goes home after login when no page was remembered', async ({ page, request, baseURL }) => {
    const user = await signUpViaApi(request, baseURL!)
    await page.goto('/login')
    await logInWithForm(page, user)
    await expect(page).toHaveURL(/\/$/)
    await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible()
  })

  test('links to signup and passes the remembered page along', async ({ page }) => {
    await page.goto('/login?from=/dashboard')
    await page.getByRole('link', { name: 'Create an account' }).click()
    await expect(page).toHaveURL(/\/signup\?from=\/dashboard$/)
  })

  test('leaves no login page in history: Back after signing in returns to the page before', async ({
    page,
    request,
    baseURL,
  }) => {
    const user = await signUpViaApi(request, baseURL!)
    await page.goto('/about')
    await page.goto('/dashboard/my-listing')
    await expect(page).toHaveURL(/\/login\?from=\/dashboard\/my-listing$/)
    await logInWithForm(page, user)
    await expect(page.getByRole('heading', { name: 'My Listings' })).toBeVisible()
    await page.goBack()
    await expect(page).toHaveURL(/\/about$/)
  })

  test('someone signed in who opens the login or signup page goes on', async ({ browser, baseURL }) => {
    const { page, context } = await signedInPage(browser, baseURL!)
    await page.goto('/login?from=/dashboard/my-listing')
    await expect(page).toHaveURL(/\/dashboard\/my-listing$/)
    await page.goto('/signup')
    await expect(page).toHaveURL(`${baseURL}/`)
    await context.close()
  })

  test('a refused sign-in says when to try again', async ({ page }) => {
    await page.route('**/api/auth/sign-in/email', (route) =>
      route.fulfill({
        status: 429,
        headers: { 'retry-after': '42', 'content-type': 'application/json' },
        body: JSON.stringify({ message: 'Too many requests. Please try again later.' }),
      }),
    )
    await page.goto('/login')
    await logInWithForm(page, { email: 'someone@example.com', password: 'Whatever1' })
    await expectPopup(page, 'Oops...', 'Too many sign-in attempts. Try again in 42 seconds.')
    await expect(page.locator('#login-error')).toHaveText(
      'Too many sign-in attempts. Try again in 42 seconds.',
    )
  })

  test('ignores a remembered page on another site', async ({ page, request, baseURL }) => {
    const user = await signUpViaApi(request, baseURL!)
    await page.goto('/login?from=//example.org/steal')
    await logInWithForm(page, user)
    await expect(page).toHaveURL(`${baseURL}/`)
  })
})

test.describe('protected pages', () => {
  test('send visitors to login and bring them back afterwards', async ({ page, request, baseURL }) => {
    const user = await signUpViaApi(request, baseURL!)
    await page.goto('/dashboard/my-listing')
    await expect(page).toHaveURL(/\/login\?from=\/dashboard\/my-listing$/)
    await logInWithForm(page, user)
    await expect(page).toHaveURL(/\/dashboard\/my-listing$/)
    await expect(page.getByRole('heading', { name: 'My Listings' })).toBeVisible()
  })

  test('remember the query of the page too', async ({ page, request, baseURL }) => {
    const user = await signUpViaApi(request, baseURL!)
    await page.goto('/dashboard/browse-listing?roomType=Studio&sort=rent_desc')
    await expect(page).toHaveURL(
      /\/login\?from=\/dashboard\/browse-listing%3FroomType%3DStudio%26sort%3Drent_desc$/,
    )
    await logInWithForm(page, user)
    await expect(page).toHaveURL(/\/dashboard\/browse-listing\?roomType=Studio&sort=rent_desc$/)
  })

  test('show a spinner while the session loads', async ({ browser, baseURL }) => {
    const { page, context, user } = await signedInPage(browser, baseURL!)
    // The session check is held until the spinner has been seen, then let through.
    let release = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    await page.route(/\/api\/auth\/get-session/, async (route) => {
      await held
      await route.continue()
    })
    await page.goto('/dashboard')
    await expect(page.getByRole('status')).toBeVisible()
    release()
    await expect(page.getByRole('heading', { name: `Welcome, ${user.name}!` })).toBeVisible()
    await context.close()
  })

  test('include listing details', async ({ page }) => {
    await page.goto('/browse-listing-details/00000000-0000-4000-8000-000000000000')
    await expect(page).toHaveURL(/\/login\?from=\/browse-listing-details\/0{8}-/)
  })
})

test('Google sign-in through the OpenID Connect mock', async ({ page }) => {
  await page.goto('/login?from=/dashboard')
  await page.getByRole('button', { name: 'Continue with Google' }).click()
  await expect(page).toHaveURL(/\/dashboard$/)
  await expect(page.getByRole('heading', { name: 'Welcome, Gabi Google!' })).toBeVisible()
})

test('Google sign-in shows as unavailable, with the reason, when the server has none', async ({ page }) => {
  await page.route('**/api/config', (route) =>
    route.fulfill({ json: { currency: 'USD', googleSignIn: false } }),
  )
  await page.goto('/login')
  const google = page.getByRole('button', { name: 'Continue with Google' })
  await expect(google).toBeDisabled()
  await expect(google).toHaveAccessibleDescription(/Google sign-in is not set up/)
  await google.focus()
  await expect(page.getByRole('tooltip')).toContainText('Google sign-in is not set up')
  await google.click({ force: true })
  await expect(page).toHaveURL(/\/login$/)
})

test('a failed Google sign-in comes back to login with an Oops pop-up', async ({ page }) => {
  await page.goto('/login?from=/dashboard&error=access_denied')
  await expectPopup(page, 'Oops...', 'Google sign-in was cancelled.')
  await page.goto('/login?error=email_not_found&error_description=Call%20this%20number')
  const popup = await expectPopup(page, 'Oops...', 'Google sign-in failed (email not found).')
  await expect(popup).not.toContainText('Call this number')
})
