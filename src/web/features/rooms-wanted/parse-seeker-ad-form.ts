import { factNames } from '#shared/fact-table.ts'
import { NewSeekerAdSchema, SEEKER_AD_FACTS, SEEKER_AD_LIMITS, type NewSeekerAd } from '#shared/seeker-ad.ts'

// The ad form's fields into the API's shape, checked by the same schema as the server's.

export type SeekerAdField = keyof NewSeekerAd | 'form'
export type SeekerAdErrors = Partial<Record<SeekerAdField, string>>

/** The first message for each field; an area's own issue (`areas.1.radiusKm`) is the areas' message. */
export function issuesToErrors(issues: { path: (string | number | symbol)[] | string; message: string }[]) {
  const errors: SeekerAdErrors = {}
  for (const issue of issues) {
    const path = Array.isArray(issue.path) ? issue.path : issue.path.split('.')
    const field = (String(path[0] ?? '') || 'form') as SeekerAdField
    errors[field] ??= issue.message
  }
  return errors
}

const AREA_SLOTS = Array.from({ length: SEEKER_AD_LIMITS.areas }, (_, index) => index)

/** The form's areas: each chosen place (`area0`…) with its radius (`radius0`…); empty slots left out. */
function areasOf(form: FormData) {
  return AREA_SLOTS.flatMap((index) => {
    const placeId = String(form.get(`area${index}`) ?? '')
    return placeId ? [{ placeId, radiusKm: String(form.get(`radius${index}`) ?? '') }] : []
  })
}

export function parseSeekerAdForm(
  form: FormData,
): { ok: true; ad: NewSeekerAd } | { ok: false; errors: SeekerAdErrors } {
  const text = (name: string) => String(form.get(name) ?? '')
  const input = {
    headline: text('headline'),
    about: text('about'),
    budget: text('budget'),
    roomTypes: form.getAll('roomTypes').map(String),
    areas: areasOf(form),
    status: text('status') || 'active',
    ...Object.fromEntries(factNames(SEEKER_AD_FACTS).map((name) => [name, text(name)])),
  }
  const parsed = NewSeekerAdSchema.safeParse(input)
  if (parsed.success) return { ok: true, ad: parsed.data }
  return {
    ok: false,
    errors: issuesToErrors(
      parsed.error.issues.map((issue) => ({ path: issue.path, message: issue.message })),
    ),
  }
}
