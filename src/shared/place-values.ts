// The place vocabulary without the schema library, for the public pages (see listing-values.ts).

export const RADIUS_KM = { min: 1, max: 200, default: 15 } as const
export const PLACES_LIMIT = { max: 20, default: 8 } as const
export const PLACE_QUERY_MAX = 100

/** A gazetteer entry as the API answers it; `region` is GeoNames' first-level division code ("07", "IL", "ENG"). */
export type Place = {
  id: number
  name: string
  region: string
  country: string
  lat: number
  lon: number
  population: number
  /** The other name it was found by, when the query matched that and not its own ("Wien" for Vienna). */
  alias?: string
}

const countryNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' })

/**
 * How a place reads to people: "Fitzroy, Australia", "Springfield, IL, United States". A numeric division code
 * means nothing to a reader, so only letter codes are shown.
 */
export function placeLabel(place: Pick<Place, 'name' | 'region' | 'country'>): string {
  let country = place.country
  try {
    country = countryNames.of(place.country) ?? place.country
  } catch {
    // An unusual code (GeoNames' XK): the code itself.
  }
  const region = /^[A-Z]{2,3}$/.test(place.region) ? place.region : ''
  return [place.name, region, country].filter(Boolean).join(', ')
}
