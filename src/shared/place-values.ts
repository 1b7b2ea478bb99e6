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

/**
 * A poster's pin: within PIN.maxKm of the listing's place, stored and shown only to about PIN.gridM metres (snapped to
 * a grid of that size), so a room is placed within its neighbourhood, never at an address.
 */
export const PIN = { maxKm: 30, gridM: 300 } as const

const LAT_STEP = PIN.gridM / 111_320 // metres in a degree of latitude

/** A point snapped to the pin grid: rows PIN.gridM apart, and as many metres between a row's columns. */
export function roundPin({ lat, lon }: { lat: number; lon: number }): { lat: number; lon: number } {
  const row = Math.round(lat / LAT_STEP) * LAT_STEP
  const lonStep = LAT_STEP / Math.max(Math.cos((row * Math.PI) / 180), 0.01)
  const column = Math.round(lon / lonStep) * lonStep
  const wrapped = column > 180 ? column - 360 : column < -180 ? column + 360 : column
  return { lat: Number(Math.max(-90, Math.min(90, row)).toFixed(5)), lon: Number(wrapped.toFixed(5)) }
}

/** Great-circle kilometres between two points (a sphere of earthdistance's radius). */
export function kmBetween(a: { lat: number; lon: number }, b: { lat: number; lon: number }): number {
  const rad = Math.PI / 180
  const h =
    Math.sin(((b.lat - a.lat) * rad) / 2) ** 2 +
    Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(((b.lon - a.lon) * rad) / 2) ** 2
  return 2 * 6378.168 * Math.asin(Math.min(1, Math.sqrt(h)))
}
