import { expect, test } from 'vitest'
import { placeLabel } from '#shared/place-values.ts'
import { gazetteer } from '../places/gazetteer.ts'
import { demoPlaces } from './demo-data.ts'

test('every demo listing sits in a real place, labelled and placed as the gazetteer has it', () => {
  for (const { place } of demoPlaces) {
    const entry = gazetteer.find(place.placeId)
    expect(entry, place.placeName).toBeDefined()
    expect(place).toEqual({
      placeId: entry!.id,
      placeName: placeLabel(entry!),
      lat: entry!.lat,
      lon: entry!.lon,
    })
  }
})
