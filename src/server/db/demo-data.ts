import { sql } from 'drizzle-orm'
import { sampleFacts } from '#shared/fact-table.ts'
import { LISTING_FACTS, ROOM_TYPES } from '#shared/listing-values.ts'
import type { NewListing, RoomType } from '#shared/listing.ts'
import type { Database } from './client.ts'
import { demoPlaces } from './demo-places.ts'
import { demoProfileRow, type DemoHousehold } from './demo-profiles.ts'
import { insertDemoSeekers } from './demo-seekers.ts'
import { listing, livingProfile, user } from './schema/index.ts'

// A living site for a newcomer: a few people with listings in several cities. Demo people have no password,
// so nobody can sign in as them; they are marked as examples wherever they show. Their addresses are on the
// reserved .test domain, and their phone numbers in the range set aside for fiction (555-0100 to 555-0199).
const people = [
  { name: 'Maya Chen', email: 'maya.chen@demo.nestmate.test', phone: '+1 (212) 555-0131' },
  { name: 'Jonas Weber', email: 'jonas.weber@demo.nestmate.test', phone: '+1 (415) 555-0146' },
  { name: 'Priya Raman', email: 'priya.raman@demo.nestmate.test', phone: '+1 (512) 555-0153' },
  { name: 'Diego Alvarez', email: 'diego.alvarez@demo.nestmate.test', phone: '+1 (617) 555-0164' },
  { name: 'Amara Okafor', email: 'amara.okafor@demo.nestmate.test', phone: '+1 (404) 555-0175' },
]

/** Whose listings are demo listings (their pictures are illustrations: photos/demo-photos.ts). */
export const DEMO_EMAILS = people.map((person) => person.email)

export const lifestyles = [
  'Early riser, quiet evenings, no smoking',
  'Night owl, works from home, loves cooking',
  'Student, tidy, occasional guests',
  'Vegetarian household, plants everywhere, cat-friendly',
  'Gym in the morning, board games on Fridays',
  'Remote worker, calm, shares groceries',
]

const titles: Record<RoomType, string[]> = {
  Single: [
    'Bright single room near the park',
    'Cozy room with a big window',
    'Quiet single room close to transit',
    'Furnished room in a calm townhouse',
    'Top-floor room with skyline views',
    'Single room next to the campus library',
  ],
  Shared: [
    'Shared room in a friendly flat',
    'Bunk space in a lively student house',
    'Twin room to share with a grad student',
    'Shared room in a house with a garden',
    'Budget shared room, five minutes to the metro',
    'Shared loft in a creative household',
  ],
  Studio: [
    'Sunny studio with a kitchenette',
    'Compact studio near downtown',
    'Studio above a quiet cafe',
    'Garden studio with its own entrance',
    'Renovated studio, bills included',
    'Studio share: splitting a large open-plan flat',
  ],
}

const descriptions = [
  'Furnished room with a desk, wardrobe and fast Wi-Fi. Utilities split evenly; cleaning rota on the fridge.',
  'Looking for someone respectful and easy-going. Ten minutes to the subway, laundry in the building.',
  'Big shared kitchen and a small balcony. We cook together on Sundays, but there is no pressure to join.',
  'Lease runs twelve months, first month due on move-in. Bills are about $60 a month per person.',
]

type DemoListing = NewListing & { ownerId: string } & (typeof demoPlaces)[number]['place']

/**
 * Each demo person's home as their listings describe it (demo person i posts listings i, i + 5, …): their living
 * profile is derived from it (demoPosterProfile), so the two never contradict each other.
 */
export const demoHouseholds: DemoHousehold[] = [
  { lifestyle: lifestyles[0]!, smokingAllowed: false, petsAllowed: false },
  { lifestyle: lifestyles[1]!, smokingAllowed: true, petsAllowed: null },
  { lifestyle: lifestyles[3]!, smokingAllowed: false, petsAllowed: true },
  { lifestyle: lifestyles[4]!, smokingAllowed: false, petsAllowed: null },
  { lifestyle: lifestyles[5]!, smokingAllowed: false, petsAllowed: false },
  { lifestyle: lifestyles[2]!, smokingAllowed: true, petsAllowed: true },
]
const householdOf = (owner: number) => demoHouseholds[owner % demoHouseholds.length]!

const MIN_STAYS = [null, 1, 3, 6, 12]
const ADVERTISERS = Object.keys(
  LISTING_FACTS.advertiser.options,
) as (keyof typeof LISTING_FACTS.advertiser.options)[]
const DAY = 86_400_000

/**
 * Household facts that vary from listing to listing, a few left unsaid as real posters do; a fact not varied here
 * takes its sample value (src/shared/listing-facts.ts).
 */
function householdFacts(i: number, today: number) {
  return {
    ...sampleFacts(LISTING_FACTS),
    billsIncluded: i % 3 === 0,
    availableFrom: i % 4 === 0 ? null : new Date(today + ((i * 11) % 90) * DAY).toISOString().slice(0, 10),
    minStayMonths: MIN_STAYS[i % MIN_STAYS.length] ?? null,
    furnished: i % 5 === 2 ? null : i % 2 === 0,
    householdSize: i % 5,
    advertiser: ADVERTISERS[i % ADVERTISERS.length]!,
  }
}

export function demoListings(ownerIds: string[], count = 36, today = Date.now()): DemoListing[] {
  return Array.from({ length: count }, (_, i) => {
    const owner = i % ownerIds.length
    const roomType = ROOM_TYPES[i % ROOM_TYPES.length]!
    const base = roomType === 'Studio' ? 1100 : roomType === 'Single' ? 750 : 420
    const { location, place } = demoPlaces[(i * 7) % demoPlaces.length]!
    const { lifestyle, smokingAllowed, petsAllowed } = householdOf(owner)
    return {
      ownerId: ownerIds[owner]!,
      title: titles[roomType][Math.floor(i / 3) % 6]!,
      location,
      ...place,
      rent: base + ((i * 137) % 900),
      roomType,
      lifestyle,
      description: descriptions[i % descriptions.length]!,
      // example.com is reserved for examples: no real person's page is ever linked.
      contact: `https://example.com/nestmate-demo-${i + 1}`,
      number: people[owner % people.length]!.phone,
      availability: i % 4 === 3 ? 'Not Available' : 'Available',
      ...householdFacts(i, today),
      smokingAllowed,
      petsAllowed,
    }
  })
}

/** Inserts the demo set when the database has no listings at all; returns how many it inserted. */
export async function insertDemoData(db: Database): Promise<number> {
  return db.transaction(async (tx) => {
    const [existing] = await tx.select({ count: sql<number>`count(*)::int` }).from(listing)
    if ((existing?.count ?? 0) > 0) return 0
    const owners = await tx
      .insert(user)
      .values(
        people.map(({ name, email }) => ({
          id: crypto.randomUUID(),
          name,
          email,
          emailVerified: false,
          isExample: true,
        })),
      )
      .onConflictDoUpdate({ target: user.email, set: { name: sql`excluded.name`, isExample: true } })
      .returning({ id: user.id })
    const rows = demoListings(owners.map((owner) => owner.id))
    // Demo posters have living profiles, so a newcomer who fills one sees scores at once.
    await tx
      .insert(livingProfile)
      .values(owners.map(({ id }, i) => demoProfileRow(id, i, householdOf(i))))
      .onConflictDoNothing()
    // Spread creation times so "newest first" and the featured list look like a real history.
    const now = Date.now()
    await tx
      .insert(listing)
      .values(rows.map((row, i) => ({ ...row, createdAt: new Date(now - i * 3_600_000) })))
    // And people looking for a room near those places: the site's other side.
    await insertDemoSeekers(tx, now)
    return rows.length
  })
}
