import { sql } from 'drizzle-orm'
import { ROOM_TYPES } from '#shared/listing-values.ts'
import type { NewListing, RoomType } from '#shared/listing.ts'
import type { Database } from './client.ts'
import { listing, user } from './schema/index.ts'

// A living site for a newcomer: a few people with listings in several cities. Demo people have no password,
// so nobody can sign in as them.
const people = [
  { name: 'Maya Chen', email: 'maya.chen@demo.nestmate.test' },
  { name: 'Jonas Weber', email: 'jonas.weber@demo.nestmate.test' },
  { name: 'Priya Raman', email: 'priya.raman@demo.nestmate.test' },
  { name: 'Diego Alvarez', email: 'diego.alvarez@demo.nestmate.test' },
  { name: 'Amara Okafor', email: 'amara.okafor@demo.nestmate.test' },
]

/** Whose listings are demo listings (their pictures are illustrations: photos/demo-photos.ts). */
export const DEMO_EMAILS = people.map((person) => person.email)

const places = [
  'Brooklyn, New York',
  'Mission District, San Francisco',
  'Capitol Hill, Seattle',
  'Hyde Park, Chicago',
  'East Austin, Austin',
  'Back Bay, Boston',
  'Silver Lake, Los Angeles',
  'Near UT campus, Austin',
  'Pearl District, Portland',
  'Midtown, Atlanta',
]

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

export function demoListings(ownerIds: string[], count = 36): (NewListing & { ownerId: string })[] {
  return Array.from({ length: count }, (_, i) => {
    const roomType = ROOM_TYPES[i % ROOM_TYPES.length]!
    const base = roomType === 'Studio' ? 1100 : roomType === 'Single' ? 750 : 420
    return {
      ownerId: ownerIds[i % ownerIds.length]!,
      title: titles[roomType][Math.floor(i / 3) % 6]!,
      location: places[(i * 7) % places.length]!,
      rent: base + ((i * 137) % 900),
      roomType,
      lifestyle: lifestyles[i % lifestyles.length]!,
      description: descriptions[i % descriptions.length]!,
      contact: `https://www.facebook.com/nestmate.demo.${i + 1}`,
      number:
        i % 5 === 4 ? '' : `+1 (555) 01${String(i).padStart(2, '0')}-${String(1000 + i * 13).slice(-4)}`,
      availability: i % 4 === 3 ? 'Not Available' : 'Available',
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
      .values(people.map((person) => ({ id: crypto.randomUUID(), ...person, emailVerified: false })))
      .onConflictDoUpdate({ target: user.email, set: { name: sql`excluded.name` } })
      .returning({ id: user.id })
    const rows = demoListings(owners.map((owner) => owner.id))
    // Spread creation times so "newest first" and the featured list look like a real history.
    const now = Date.now()
    await tx
      .insert(listing)
      .values(rows.map((row, i) => ({ ...row, createdAt: new Date(now - i * 3_600_000) })))
    return rows.length
  })
}
