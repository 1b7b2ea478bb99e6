import { randomUUID } from 'node:crypto'
import {
  request as playwrightRequest,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type Page,
} from '@playwright/test'
import type { NewListingInput } from '../../src/shared/listing.ts'
import type { NewSeekerAd } from '../../src/shared/seeker-ad.ts'
import { sampleListing } from '../../src/shared/sample-listing.ts'

// Test data goes in through the real API, as a person's browser would send it.

export type TestUser = { name: string; email: string; password: string; image?: string }

export function newUser(overrides: Partial<TestUser> = {}): TestUser {
  const id = randomUUID().slice(0, 8)
  // Letters only in the name: a run of digits is a phone number to the mail's text rules (decision 075).
  const name = `Tester ${id.replace(/\d/g, (digit) => 'abcdefghij'[Number(digit)]!)}`
  return { name, email: `tester-${id}@example.com`, password: 'Nestmate1', ...overrides }
}

/** A token to put in titles or locations so a test can search for exactly its own listings. */
export function uniqueToken(prefix = 'T'): string {
  return `${prefix}${randomUUID().replaceAll('-', '').slice(0, 10)}`
}

/**
 * A unique token of letters only, for text the contact shield reads (a room-wanted ad's headline): a run of a
 * token's digits can read as a phone number there, and the ad is refused.
 */
export function uniqueLetterToken(prefix = 'T'): string {
  return uniqueToken(prefix).replace(/\d/g, (digit) => 'abcdefghij'[Number(digit)]!)
}

function originHeaders(request: APIRequestContext | BrowserContext, baseURL: string) {
  void request
  return { origin: baseURL, 'content-type': 'application/json' }
}

/**
 * Signs a new user up, then in with their password (a sign-up signs no one in: docs/decisions/035); the request
 * context keeps the session cookie.
 */
export async function signUpViaApi(request: APIRequestContext, baseURL: string, user: TestUser = newUser()) {
  const signedUp = await request.post('/api/auth/sign-up/email', {
    headers: originHeaders(request, baseURL),
    data: { name: user.name, email: user.email, password: user.password, image: user.image },
  })
  if (!signedUp.ok()) throw new Error(`sign-up failed: ${signedUp.status()} ${await signedUp.text()}`)
  const signedIn = await request.post('/api/auth/sign-in/email', {
    headers: originHeaders(request, baseURL),
    data: { email: user.email, password: user.password },
  })
  if (!signedIn.ok()) throw new Error(`sign-in failed: ${signedIn.status()} ${await signedIn.text()}`)
  return user
}

export async function createListingViaApi(
  request: APIRequestContext,
  baseURL: string,
  overrides: Partial<NewListingInput> = {},
): Promise<string> {
  const response = await request.post('/api/roommate-listings', {
    headers: originHeaders(request, baseURL),
    data: sampleListing({ title: `Sunny room ${uniqueToken()}`, ...overrides }),
  })
  if (response.status() !== 201)
    throw new Error(`create failed: ${response.status()} ${await response.text()}`)
  return ((await response.json()) as { insertedId: string }).insertedId
}

/** A room-wanted ad for a new person signed up for it (one ad per person), as their dashboard would publish it. */
export async function createSeekerAdViaApi(
  baseURL: string,
  ad: Partial<NewSeekerAd> & Pick<NewSeekerAd, 'areas'>,
) {
  const request = await playwrightRequest.newContext({ baseURL })
  try {
    await signUpViaApi(request, baseURL)
    const response = await request.put('/api/seeker-ad', {
      headers: originHeaders(request, baseURL),
      data: { headline: `Looking ${uniqueLetterToken()}`, budget: 800, roomTypes: ['Single'], ...ad },
    })
    if (response.status() !== 201) throw new Error(`ad failed: ${response.status()} ${await response.text()}`)
  } finally {
    await request.dispose()
  }
}

/** A browser page already signed in as a fresh user (the context shares cookies with page.request). */
export async function signedInPage(browser: Browser, baseURL: string, user: TestUser = newUser()) {
  const context = await browser.newContext({ baseURL })
  const page: Page = await context.newPage()
  await signUpViaApi(context.request, baseURL, user)
  return { context, page, user }
}
