import { NewListingSchema, type NewListing, type NewListingInput } from '#shared/listing.ts'

export type ListingField = keyof NewListingInput
export type ListingFieldErrors = Partial<Record<ListingField, string>>

/** The fields a client writes, as the shared schema declares them. */
export const LISTING_FIELDS = Object.keys(NewListingSchema.shape) as ListingField[]

function isListingField(path: string): path is ListingField {
  return (LISTING_FIELDS as readonly string[]).includes(path)
}

/** The server's `issues` (or zod's) as one message per field; the first message of a field wins. */
export function issuesToFieldErrors(
  issues: readonly { path: string; message: string }[],
): ListingFieldErrors {
  const errors: ListingFieldErrors = {}
  for (const issue of issues) {
    if (isListingField(issue.path)) errors[issue.path] ??= issue.message
  }
  return errors
}

// A room type not chosen yet is a missing answer, not a wrong one: the form says so as it does for the other
// required fields (the schema's own message lists the choices, which the select already shows).
const NOT_CHOSEN: Partial<Record<ListingField, string>> = { roomType: 'Room type is required.' }

function forEmpty(field: ListingField, value: string, message: string): string {
  return (value === '' && NOT_CHOSEN[field]) || message
}

/** The message for one field's value, or undefined when the shared schema accepts it. */
export function fieldError(field: ListingField, value: string): string | undefined {
  const result = NewListingSchema.shape[field].safeParse(value)
  const message = result.error?.issues[0]?.message
  return message && forEmpty(field, value, message)
}

/** Checks the submitted form with the same schema the server uses. */
export function parseListingForm(
  formData: FormData,
): { ok: true; listing: NewListing } | { ok: false; errors: ListingFieldErrors } {
  const raw = Object.fromEntries(LISTING_FIELDS.map((field) => [field, String(formData.get(field) ?? '')]))
  const result = NewListingSchema.safeParse(raw)
  if (result.success) return { ok: true, listing: result.data }
  return {
    ok: false,
    errors: issuesToFieldErrors(
      result.error.issues.map((issue) => {
        const path = String(issue.path[0])
        return {
          path,
          message: isListingField(path) ? forEmpty(path, raw[path] ?? '', issue.message) : issue.message,
        }
      }),
    ),
  }
}
