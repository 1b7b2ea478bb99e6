import { readdirSync } from 'node:fs'
import path from 'node:path'
import type { App } from '../../app.ts'
import { multipart } from '../../photos/test-images.ts'
import { injectAs, type TestUser } from '../../test/app.ts'

/** Uploads one file as a browser's FormData would, as `user` (or anonymously). */
export function uploadAs(
  app: App,
  user: TestUser | null,
  listingId: string,
  data: Buffer,
  options: Parameters<typeof multipart>[1] & { headers?: Record<string, string> } = {},
) {
  const { payload, headers } = multipart(data, options)
  return injectAs(app, user, {
    method: 'POST',
    url: `/api/roommate-listings/${listingId}/photos`,
    payload,
    headers: { ...headers, ...options.headers },
  })
}

/** The files stored for a listing, sorted (none: []). */
export function storedFiles(photosDir: string, listingId: string): string[] {
  try {
    return readdirSync(path.join(photosDir, listingId)).sort()
  } catch {
    return []
  }
}
