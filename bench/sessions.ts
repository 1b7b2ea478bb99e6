import { demoProfile } from '../src/server/db/demo-profiles.ts'
import { sampleListing } from '../src/shared/sample-listing.ts'

/**
 * Signs people up through the real endpoints, then in with their passwords (a sign-up signs no one in: decision
 * 035), and returns their session cookies (name=value only). `origin` is the site's own address, when the server
 * was told another one than the address it listens on (a test app).
 */
export async function signUp(baseUrl: string, count: number, origin = baseUrl): Promise<string[]> {
  const cookies: string[] = []
  const post = (path: string, body: object) =>
    fetch(`${baseUrl}/api/auth/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin },
      body: JSON.stringify(body),
    })
  for (let i = 0; i < count; i++) {
    const person = { email: `person${i}.${Date.now()}@bench.nestmate.test`, password: 'Benchmark-Password-1' }
    const signedUp = await post('sign-up/email', { name: `Bench Person ${i}`, ...person })
    if (!signedUp.ok) throw new Error(`sign-up failed: ${signedUp.status} ${await signedUp.text()}`)
    const response = await post('sign-in/email', person)
    if (!response.ok) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`)
    const cookie = response.headers
      .getSetCookie()
      .map((cookie) => cookie.split(';')[0])
      .join('; ')
    // Each signed-in person has a living profile, so "best match" has scores to sort by.
    const profile = await fetch(`${baseUrl}/api/living-profile`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', origin, cookie },
      body: JSON.stringify(demoProfile(i)),
    })
    if (!profile.ok) throw new Error(`living profile failed: ${profile.status} ${await profile.text()}`)
    cookies.push(cookie)
  }
  return cookies
}

/**
 * One listing for each signed-in person, in the order of their cookies, in a place many seekers look (a listing's
 * fitting seekers are its poster's alone: path i of that endpoint goes with cookie i, as bench/load.ts rotates both).
 */
export async function postOwnListings(baseUrl: string, cookies: string[], placeId: number, origin = baseUrl) {
  const ids: string[] = []
  for (const cookie of cookies) {
    const response = await fetch(`${baseUrl}/api/roommate-listings`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin, cookie },
      body: JSON.stringify(sampleListing({ placeId, rent: 1200, roomType: 'Single', availableFrom: null })),
    })
    if (!response.ok) throw new Error(`listing failed: ${response.status} ${await response.text()}`)
    ids.push(((await response.json()) as { insertedId: string }).insertedId)
  }
  return ids
}
