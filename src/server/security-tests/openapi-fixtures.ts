import type { App } from '../app.ts'
import { png } from '../photos/test-images.ts'
import { EARLY_BIRD, putProfile } from '../routes/living-profile/test-profiles.ts'
import { uploadAs } from '../routes/photos/test-requests.ts'
import { BASE_URL, createListing, signUp, type TestUser } from '../test/app.ts'

export type Cast = {
  /** Has a living profile and a listing with one photo. */
  owner: TestUser
  stranger: TestUser
  /** Parameter values (path or query) that name something that exists or is trusted, by parameter name. */
  known: Record<string, string[]>
  picture: Buffer
}

const picture = await png(64, 48)

/**
 * Two new people, the first with a listing and a living profile, through the API; with `photo`, the listing has
 * one (a photo costs the photo process some work: only the operations that name one need it).
 */
export async function castOf(app: App, { photo = true } = {}): Promise<Cast> {
  const [owner, stranger] = [await signUp(app), await signUp(app)]
  const listingId = await createListing(app, owner)
  const profile = await putProfile(app, owner, EARLY_BIRD)
  if (profile.statusCode !== 200) throw new Error(`profile: ${profile.statusCode} ${profile.body}`)
  // A callback URL on the site's own origin, so Better Auth's links get past its check to their redirect.
  const known: Record<string, string[]> = { id: [listingId], callbackURL: [`${BASE_URL}/login`, '/'] }
  if (photo) {
    const upload = await uploadAs(app, owner, listingId, picture, { type: 'image/png' })
    if (upload.statusCode !== 201) throw new Error(`upload: ${upload.statusCode} ${upload.body}`)
    known.photoId = [upload.json().photo.id]
  }
  return { owner, stranger, known, picture }
}

/** Whether the operation names a photo in its path. */
export const namesPhoto = (path: string) => path.includes('{photoId}')
