import { kmBetween, PIN, placeLabel, roundPin, type Place } from '#shared/place.ts'
import { HttpError } from '../../plugins/errors.ts'

/**
 * Where a listing is shown: its poster's pin, snapped to the pin grid (about 300 m), or undefined for its place's
 * own point (no pin, or the place's point sent back as it was read). The place itself stays the gazetteer entry.
 */
export function pinOf(place: Place | undefined, lat: number | null, lon: number | null) {
  if (lat === null && lon === null) return undefined
  if (lat === null || lon === null)
    throw new HttpError(400, 'lat and lon go together: send both, or neither.')
  if (!place) throw new HttpError(400, 'A pin (lat, lon) needs a town or city (placeId) to be in.')
  if (lat === place.lat && lon === place.lon) return undefined
  if (kmBetween(place, { lat, lon }) > PIN.maxKm)
    throw new HttpError(400, `The pin (lat, lon) must be within ${PIN.maxKm} km of ${placeLabel(place)}.`)
  return roundPin({ lat, lon })
}
