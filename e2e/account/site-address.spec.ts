import { chromium, expect, test } from '@playwright/test'
import { newUser } from '../support/api.ts'
import { expectPopup } from '../support/popup.ts'
import { logInWithForm } from './helpers.ts'

// Issue 41: the site opened at another spelling of its address. The suite's server leaves BASE_URL at its default
// (http://localhost:PORT), so 127.0.0.1 is the same site; any other address is told which one to open.

const CHECK_INBOX = 'Check your inbox'

test('opened at 127.0.0.1 instead of localhost, a person signs up and logs in', async ({ page, baseURL }) => {
  const loopback = baseURL!.replace('localhost', '127.0.0.1')
  const user = newUser()
  await page.goto(`${loopback}/signup`)
  await page.getByLabel('Name').fill(user.name)
  await page.getByLabel('Email').fill(user.email)
  await page.getByLabel('Password').fill(user.password)
  await page.getByRole('button', { name: 'Sign up' }).click()
  await expect(page.getByRole('heading', { name: CHECK_INBOX })).toBeVisible()

  await page.getByRole('link', { name: 'Log in' }).click()
  await logInWithForm(page, user)
  await expect(page).toHaveURL(`${loopback}/`)
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible()
})

test('opened at an address that is not the site, a sign-up names the address to open', async ({
  baseURL,
}) => {
  const port = new URL(baseURL!).port
  // A host name of our own for this machine: a browser there sends its Origin, which is not the site's.
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--host-resolver-rules=MAP nestmate-elsewhere.test 127.0.0.1'],
  })
  try {
    const page = await browser.newPage()
    const user = newUser()
    await page.goto(`http://nestmate-elsewhere.test:${port}/signup`)
    await page.getByLabel('Name').fill(user.name)
    await page.getByLabel('Email').fill(user.email)
    await page.getByLabel('Password').fill(user.password)
    await page.getByRole('button', { name: 'Sign up' }).click()
    const popup = await expectPopup(page, 'Signup Failed')
    await expect(popup).toContainText(`Nestmate's address is ${baseURL}`)
    await expect(popup).not.toContainText('Signup failed.')
  } finally {
    await browser.close()
  }
})
