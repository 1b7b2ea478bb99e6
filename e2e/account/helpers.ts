import type { Page } from '@playwright/test'
import type { TestUser } from '../support/api.ts'

/** Logs in through the login form the way a person does. */
export async function logInWithForm(page: Page, user: Pick<TestUser, 'email' | 'password'>) {
  await page.getByLabel('Email').fill(user.email)
  await page.getByLabel('Password').fill(user.password)
  await page.getByRole('button', { name: 'Login', exact: true }).click()
}

/** The main content of a page, leaving out the navigation (which also holds links such as Login). */
export function main(page: Page) {
  return page.getByRole('main')
}
