import { z } from 'zod'
import { NUL_FREE } from './text.ts'
import { PLACE_QUERY_MAX, PLACES_LIMIT, RADIUS_KM } from './place-values.ts'

export * from './place-values.ts'

export const PlaceSchema = z.object({
  id: z.number(),
  name: z.string(),
  region: z.string(),
  country: z.string(),
  lat: z.number(),
  lon: z.number(),
  population: z.number(),
  /** The other name the query matched ("Wien" for Vienna), when it didn't match the place's own. */
  alias: z.string().optional(),
})

export const PlacesQuerySchema = z.object({
  // An empty or missing q answers an empty list: the box asks as soon as it is focused.
  q: z
    .string()
    .trim()
    .max(PLACE_QUERY_MAX, `q must be at most ${PLACE_QUERY_MAX} characters.`)
    .refine(NUL_FREE.check, NUL_FREE.message('q'))
    .default(''),
  limit: z.coerce
    .number({ error: `limit must be 1 to ${PLACES_LIMIT.max}.` })
    .int(`limit must be 1 to ${PLACES_LIMIT.max}.`)
    .min(1, `limit must be 1 to ${PLACES_LIMIT.max}.`)
    .max(PLACES_LIMIT.max, `limit must be 1 to ${PLACES_LIMIT.max}.`)
    .default(PLACES_LIMIT.default),
})

/** A gazetteer id as a query or form field sends it (text) or a client's JSON (a number). */
export const PlaceIdSchema = z.coerce
  .number({ error: 'Unknown place.' })
  .int('Unknown place.')
  .min(1, 'Unknown place.')
  .max(2_147_483_647, 'Unknown place.')

export const RadiusSchema = z.coerce
  .number({ error: `radiusKm must be ${RADIUS_KM.min} to ${RADIUS_KM.max}.` })
  .min(RADIUS_KM.min, `radiusKm must be ${RADIUS_KM.min} to ${RADIUS_KM.max}.`)
  .max(RADIUS_KM.max, `radiusKm must be ${RADIUS_KM.min} to ${RADIUS_KM.max}.`)

/** A coordinate as a form sends it (text, '' for none) or a client's JSON (a number or null). */
const coordinate = (name: 'lat' | 'lon', max: number) =>
  z.preprocess(
    (value) =>
      value === '' || value === undefined ? null : typeof value === 'string' ? Number(value) : value,
    z
      .number({ error: `${name} must be a number from ${-max} to ${max}, or empty.` })
      .min(-max, `${name} must be a number from ${-max} to ${max}, or empty.`)
      .max(max, `${name} must be a number from ${-max} to ${max}, or empty.`)
      .nullable(),
  )

/** A listing's optional pin (with its place): where in the town the room is, rounded to about 300 m when stored. */
export const pinFields = { lat: coordinate('lat', 90), lon: coordinate('lon', 180) }
