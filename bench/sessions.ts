import { demoProfile } from '../src/server/db/demo-profiles.ts'

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
