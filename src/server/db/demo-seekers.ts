import { ROOM_TYPES } from '#shared/listing-values.ts'
import type { RoomType } from '#shared/listing.ts'
import type { Database } from './client.ts'
import { demoPlaces } from './demo-places.ts'
import { demoProfileRow } from './demo-profiles.ts'
import { livingProfile, seekerAd, seekerAdArea, user } from './schema/index.ts'

// A dozen demo seekers, so a newcomer's first look shows both sides: people looking for a room near the demo
// listings' places, each with a living profile. Like the demo posters they have no password, live on the reserved
// .test domain and are marked as examples wherever they show.

const seekers = [
  ['Lena Fischer', 'Junior designer moving for a new job'],
  ['Tom Becker', 'Grad student looking for a quiet room'],
  ['Sofia Rossi', 'Nurse on rotating shifts, tidy and calm'],
  ['Kwame Mensah', 'Software tester, cooks a lot, plays guitar softly'],
  ['Hana Sato', 'Exchange student for two semesters'],
  ['Lucas Martin', 'Chef, home late, out early'],
  ['Aisha Khan', 'Remote worker who loves plants'],
  ['Noah Kim', 'First job in the city, keen to share meals'],
  ['Elena Petrova', 'Musician (headphones!), early riser'],
  ['Samuel Osei', 'PhD candidate, bikes everywhere'],
  ['Grace Liu', 'Teacher, quiet weekdays, hikes on weekends'],
  ['Mateo Silva', 'Physiotherapist with a very calm cat'],
] as const

const BUDGETS = [700, 950, 1200, 850, 600, 1500, 1100, 900, 1300, 800, 1000, 1700]
const TYPE_SETS: RoomType[][] = [['Single'], ['Single', 'Studio'], ['Shared', 'Single'], [...ROOM_TYPES]]
const DAY = 86_400_000

/** Demo seeker i: their ad, near one demo place (two for every third person). */
export function demoSeekerAd(i: number, today = Date.now()) {
  const places = [
    demoPlaces[i % demoPlaces.length]!,
    ...(i % 3 === 0 ? [demoPlaces[(i + 3) % demoPlaces.length]!] : []),
  ]
  const areas = places.map(({ place }, n) => ({ ...place, radiusKm: [10, 15, 25][(i + n) % 3]! }))
  const [name, headline] = seekers[i]!
  return {
    name,
    email: `${name.toLowerCase().replace(/\s+/g, '.')}@demo.nestmate.test`,
    ad: {
      headline,
      about: `Hi, I'm ${name.split(' ')[0]}. ${headline}. Happy to meet for a coffee before deciding.`,
      budget: BUDGETS[i]!,
      roomTypes: TYPE_SETS[i % TYPE_SETS.length]!,
      areas: areas.map(({ placeId, placeName, radiusKm }) => ({ placeId, name: placeName, radiusKm })),
      moveInFrom: i % 4 === 0 ? null : new Date(today + ((i * 13) % 75) * DAY).toISOString().slice(0, 10),
      minStayMonths: [null, 3, 6, 12][i % 4] ?? null,
      billsIncluded: i % 2 === 0 ? (true as const) : null,
      furnished: i % 3 === 1 ? (true as const) : null,
      hasPets: i === 11 ? true : i % 4 === 0 ? null : false,
      smokes: i % 5 === 4,
    },
    areas,
  }
}

/** Inserts the demo seekers in the caller's transaction; answers how many. */
export async function insertDemoSeekers(tx: Database, now = Date.now()): Promise<number> {
  const rows = seekers.map((_, i) => demoSeekerAd(i, now))
  const people = await tx
    .insert(user)
    .values(rows.map(({ name, email }) => ({ id: crypto.randomUUID(), name, email, isExample: true })))
    .onConflictDoNothing({ target: user.email })
    .returning({ id: user.id, email: user.email })
  const byEmail = new Map(people.map((person) => [person.email, person.id]))
  let inserted = 0
  for (const [i, row] of rows.entries()) {
    const ownerId = byEmail.get(row.email)
    if (!ownerId) continue
    await tx
      .insert(livingProfile)
      .values(demoProfileRow(ownerId, 20 + i))
      .onConflictDoNothing()
    const at = new Date(now - i * 5_400_000)
    const [ad] = await tx
      .insert(seekerAd)
      .values({ ownerId, ...row.ad, createdAt: at, updatedAt: at, confirmedAt: at })
      .returning({ id: seekerAd.id })
    await tx.insert(seekerAdArea).values(
      row.areas.map((area, position) => ({
        adId: ad!.id,
        position,
        placeId: area.placeId,
        lat: area.lat,
        lon: area.lon,
        radiusKm: area.radiusKm,
      })),
    )
    inserted++
  }
  return inserted
}
