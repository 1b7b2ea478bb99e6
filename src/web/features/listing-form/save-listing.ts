import { API } from '#shared/api.ts'
import type { NewListing } from '#shared/listing.ts'
import { api, ApiRequestError } from '../../lib/api.ts'
import { issuesToFieldErrors, parseListingForm, type ListingFieldErrors } from './parse-listing-form.ts'

export type SaveOutcome =
  { ok: true; message?: string; id?: string } | { ok: false; errors: ListingFieldErrors; failure?: unknown }

type Saver = (listing: NewListing) => Promise<{ message?: string; id?: string }>

export const createListing: Saver = (listing) =>
  api<{ success?: boolean; insertedId?: string }>(API.listings, { method: 'POST', body: listing }).then(
    (answer) => ({ id: answer.insertedId }),
  )

export const updateListing =
  (id: string): Saver =>
  (listing) =>
    api<{ message?: string }>(API.listing(id), { method: 'PUT', body: listing })

/**
 * Checks the form with the server's schema, then saves. Field problems (ours or the server's 400 `issues`) come
 * back as field errors; any other failure is handed to the page to report in its own words.
 */
export async function saveListingForm(request: Request, save: Saver): Promise<SaveOutcome> {
  const parsed = parseListingForm(await request.formData())
  if (!parsed.ok) return parsed
  try {
    const answer = await save(parsed.listing)
    return { ok: true, message: answer.message, id: answer.id }
  } catch (error) {
    const errors = error instanceof ApiRequestError ? issuesToFieldErrors(error.issues) : {}
    return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: false, errors, failure: error }
  }
}
