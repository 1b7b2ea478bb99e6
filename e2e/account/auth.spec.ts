import { expect, test } from '@playwright/test'
import { newUser, signedInPage, signUpViaApi } from '../support/api.ts'
import { closePopup, expectPopup, logInWithForm } from './helpers.ts'

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
    await expectPopup(page, 'Invalid Password', 'Password must include at least one lowercase letter.')
    expect(signUpCalls).toBe(0)

    await closePopup(page)
    await password.fill('Abcdefg')
    await expect(page.getByText(/Password must/)).toHaveCount(0)
  })

  test('requires a name and an e-mail', async ({ page }) => {
    await page.goto('/signup')
    await page.getByLabel('Password').fill('Nestmate1')
    await page.getByRole('button', { name: 'Sign up' }).click()
    await expect(page.getByText('Name is required.')).toBeVisible()
    await expect(page.getByText('Enter a valid email address.')).toBeVisible()
    await expect(page).toHaveURL(/\/signup$/)
  })

  test('signs up, records the user and returns to the remembered page', async ({ page }) => {
    const user = newUser()
    await page.goto('/signup?from=/dashboard/profile-settings')
    const userRecord = page.waitForResponse(
      (r) => r.url().endsWith('/api/users') && r.request().method() === 'POST',
    )
    await page.getByLabel('Name').fill(user.name)
    await page.getByLabel('Email').fill(user.email)
    await page.getByLabel('Password').fill(user.password)
    await page.getByRole('button', { name: 'Sign up' }).click()
    await expectPopup(page, 'Welcome to Nestmate!')
    const recorded = await userRecord
    expect(recorded.ok()).toBe(true)
    const body = recorded.request().postDataJSON() as Record<string, unknown>
    expect(body).toMatchObject({ name: user.name, email: user.email, photo: '' })
    expect(body.creationTime).toEqual(expect.any(String))
    await expect(page).toHaveURL(/\/dashboard\/profile-settings$/)
    await expect(page.getByLabel('Email')).toHaveValue(user.email)
  })

  test('reports an e-mail that is already used', async ({ page, request, baseURL }) => {
    const user = await signUpViaApi(request, baseURL!)
    await page.goto('/signup')
    await page.getByLabel('Name').fill('Second Person')
    await page.getByLabel('Email').fill(user.email)
    await page.getByLabel('Password').fill('Another1')
    await page.getByRole('button', { name: 'Sign up' }).click()
    await expectPopup(page, 'Signup Failed')
    await expect(page).toHaveURL(/\/signup$/)
  })

  test('links to login and keeps the remembered page', async ({ page }) => {
    await page.goto('/signup?from=/dashboard/my-listing')
    await page.getByRole('link', { name: 'Log in' }).click()
    await expect(page).toHaveURL(/\/login\?from=\/dashboard\/my-listing$/)
  })
})

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
    await page.route(/\/api\/auth\/get-session/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500))
      await route.continue()
    })
    await page.goto('/dashboard')
    await expect(page.getByRole('status')).toBeVisible()
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
