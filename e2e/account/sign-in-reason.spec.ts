import { expect, test, type Browser } from '@playwright/test'
import { expectNoSeriousA11yViolations } from '../public/helpers.ts'
import { createListingViaApi, newUser, signedInPage, signUpViaApi, uniqueToken } from '../support/api.ts'

const REASON = "Sign in to see this room's details and contact."

async function postListing(browser: Browser, baseURL: string, title: string) {
  const owner = await signedInPage(browser, baseURL)
  const id = await createListingViaApi(owner.context.request, baseURL, { title, rent: 935 })
  await owner.context.close()
  return id
}

test('See More, signed out: the login page names the room and its rent, and sign-up leads to it', async ({
  browser,
  baseURL,
  page,
}) => {
  // A long journey: two pages checked with axe, a sign-up and the listing.
  test.slow()
  const title = `Attic room ${uniqueToken()}`
  const id = await postListing(browser, baseURL!, title)

  await page.goto(`/browse-listing?q=${encodeURIComponent(title)}`)
  await page.getByRole('link', { name: `See more about ${title}` }).click()
  await expect(page).toHaveURL(`/login?from=/browse-listing-details/${id}`)
  await expect(page.getByText(REASON)).toBeVisible()
  await expect(page.getByText(title)).toBeVisible()
  await expect(page.getByText('$935 / month')).toBeVisible()
  await expectNoSeriousA11yViolations(page)

  // One tap to sign up instead; the room and the way back stay.
  await page.getByRole('link', { name: 'Sign up to see it' }).click()
  await expect(page).toHaveURL(`/signup?from=/browse-listing-details/${id}`)
  await expect(page.getByText("Sign up to see this room's details and contact.")).toBeVisible()
  await expect(page.getByText(title)).toBeVisible()
  await expectNoSeriousA11yViolations(page)

  const user = newUser()
  await page.getByLabel('Name').fill(user.name)
  await page.getByLabel('Email').fill(user.email)
  await page.getByLabel('Password').fill(user.password)
  await page.getByRole('button', { name: 'Sign up' }).click()
  // Then the login page, which still names the room, and the room itself.
  await page.getByRole('status').getByRole('link', { name: 'Log in' }).click()
  await expect(page).toHaveURL(`/login?from=/browse-listing-details/${id}`)
  await expect(page.getByText(title)).toBeVisible()
  await page.getByLabel('Email').fill(user.email)
  await page.getByLabel('Password').fill(user.password)
  await page.getByRole('button', { name: 'Login' }).click()
  await expect(page).toHaveURL(`/browse-listing-details/${id}`)
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible()
})

test('a shared details link, signed out: the login page gives the reason without a room, then opens it', async ({
  browser,
  baseURL,
  page,
}) => {
  const title = `Shared room ${uniqueToken()}`
  const id = await postListing(browser, baseURL!, title)
  const user = await signUpViaApi(page.context().request, baseURL!)
  // Only the account is wanted here; the visitor arrives signed out.
  await page.context().clearCookies()

  await page.goto(`/browse-listing-details/${id}`)
  await expect(page).toHaveURL(`/login?from=/browse-listing-details/${id}`)
  await expect(page.getByText(REASON)).toBeVisible()
  await expect(page.getByText('Details and contact are for Nestmate members.')).toBeVisible()
  await expect(page.getByText(title)).toHaveCount(0)
  await expect(page.getByRole('link', { name: 'Sign up to see it' })).toHaveAttribute(
    'href',
    `/signup?from=/browse-listing-details/${id}`,
  )
  await expectNoSeriousA11yViolations(page)

  await page.getByLabel('Email').fill(user.email)
  await page.getByLabel('Password').fill(user.password)
  await page.getByRole('button', { name: 'Login' }).click()
  await expect(page).toHaveURL(`/browse-listing-details/${id}`)
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible()
})

test('a plain visit to the login page keeps its usual words', async ({ page }) => {
  await page.goto('/login')
  await expect(page.getByText('Log in to post, like and manage listings.')).toBeVisible()
  await expect(page.getByText(REASON)).toHaveCount(0)
})
