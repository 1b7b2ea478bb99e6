import { expect, type Browser } from '@playwright/test'
import { newUser, signedInPage } from './api.ts'
import { linkFromMail } from './mail.ts'

/** The moderators' addresses (ADMIN_EMAILS in playwright.config.ts): one per spec, so no two sign-ups race. */
export const MODERATORS = {
  moderation: 'moderator@e2e.example',
  signals: 'signals-moderator@e2e.example',
} as const

/**
 * A moderator, signed in, with their address verified from the sign-up mail: only its verified owner moderates.
 * Every journey of a spec signs up with its one address; the first sign-up's mail verifies it (again is harmless).
 */
export async function moderatorPage(browser: Browser, baseURL: string, email: string) {
  const moderator = await signedInPage(browser, baseURL, newUser({ email, name: 'Mo Derator' }))
  await moderator.page.goto(await linkFromMail(email, /Confirm your e-mail/))
  await expect(moderator.page.getByRole('heading', { name: /verified/i })).toBeVisible()
  return moderator
}
