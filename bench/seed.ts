import pg from 'pg'
import { openDatabase } from '../src/server/db/client.ts'
import { placeLabel } from '../src/shared/place-values.ts'
import { lifestyles } from '../src/server/db/demo-data.ts'
import { demoProfileRow } from '../src/server/db/demo-profiles.ts'
import { gazetteer } from '../src/server/places/gazetteer.ts'
import { encodeCursor } from '../src/server/routes/listings/cursor.ts'

export type Target = { kind: 'pglite'; dataDir: string } | { kind: 'postgres'; url: string }

/** What the load runner needs from a seeded database: ids to ask for and a cursor deep into the browse order. */
export type SeedInfo = {
  listingIds: string[]
  deepCursor: string
  searchTerm: string
  /** The gazetteer id of the place most listings are near (browse near=). */
  nearPlace: number
  /** Listings with viewing times (up to 100). */
  viewingListingIds: string[]
  /** The signed-in people's own listings, one each in cookie order (bench/sessions.ts), once they are posted. */
  ownListingIds?: string[]
}

// A skewed spread: the first neighbourhoods get most listings, as big cities do. Rent bases are per city; each
// neighbourhood sits in a gazetteer place (its GeoNames id, found by name and country).
const places = [
  ['Brooklyn, New York', 1400, 5110302],
  ['Mission District, San Francisco', 1600, 5391959],
  ['Capitol Hill, Seattle', 1100, 5809844],
  ['Hyde Park, Chicago', 850, 4896728],
  ['East Austin, Austin', 900, 4671654],
  ['Back Bay, Boston', 1350, 4930956],
  ['Silver Lake, Los Angeles', 1300, 10104153],
  ['Pearl District, Portland', 950, 5746545],
  ['Midtown, Atlanta', 800, 4180439],
  ['Kreuzberg, Berlin', 750, 2950159],
  ['Shoreditch, London', 1250, 2643743],
  ['Le Marais, Paris', 1150, 2988507],
  ['Gràcia, Barcelona', 700, 3128760],
  ['Jordaan, Amsterdam', 1050, 2759794],
  ['Plateau, Montreal', 700, 6077243],
  ['Fitzroy, Melbourne', 800, 2166584],
  ['Wicker Park, Chicago', 900, 4887398],
  ['Astoria, New York', 1150, 5128581],
  ['Oakland, Bay Area', 1200, 5378538],
  ['Fremont, Seattle', 1000, 5809844],
  ['Near UT campus, Austin', 700, 4671654],
  ['Allston, Boston', 1000, 4930956],
  ['Echo Park, Los Angeles', 1150, 5368361],
  ['Little Five Points, Atlanta', 700, 4180439],
] as const

/** Each neighbourhood's place: a listing copies its id, label and coordinates. */
function placeColumns() {
  const found = places.map(([location, , id]) => {
    const place = gazetteer.find(id)
    if (!place) throw new Error(`bench/seed.ts: no gazetteer place ${id} for ${location}`)
    return place
  })
  return {
    ids: intArray(found.map((place) => place.id)),
    names: array(found.map((place) => placeLabel(place))),
    lats: `array[${found.map((place) => place.lat).join(',')}]::float8[]`,
    lons: `array[${found.map((place) => place.lon).join(',')}]::float8[]`,
  }
}

const firstNames = ['Maya', 'Jonas', 'Priya', 'Diego', 'Amara', 'Lena', 'Omar', 'Sofia', 'Kenji', 'Zoe']
const lastNames = ['Chen', 'Weber', 'Raman', 'Alvarez', 'Okafor', 'Novak', 'Haddad', 'Rossi', 'Sato', 'Kim']
const adjectives = ['Bright', 'Cozy', 'Quiet', 'Sunny', 'Spacious', 'Modern', 'Furnished', 'Affordable']

const array = (items: readonly string[]) =>
  `array[${items.map((s) => `'${s.replace(/'/g, "''")}'`).join(',')}]`
const intArray = (items: readonly number[]) => `array[${items.join(',')}]`

/** Seeds `listings` listings and one user per four of them, in SQL (seconds even for 100k), reproducibly. */
export function seedStatements(listings: number): string[] {
  const users = Math.max(10, Math.floor(listings / 4))
  const placeNames = array(places.map(([name]) => name))
  const placeRents = intArray(places.map(([, rent]) => rent))
  const place = placeColumns()
  // Listings in a place sit up to ~5 km around it (the jitter), so distances differ as they would in a city.
  return [
    `select setseed(0.42)`,
    `insert into "user" (id, name, email, email_verified, created_at, updated_at)
     select 'bench-user-' || i, (${array(firstNames)})[1 + i % 10] || ' ' || (${array(lastNames)})[1 + (i / 10) % 10],
            'bench' || i || '@bench.nestmate.test', false, now() - (i % 365) * interval '1 day', now()
     from generate_series(1, ${users}) i`,
    `insert into listing (owner_id, title, location, rent, room_type, lifestyle, description, contact, number,
                          availability, likes, created_at, updated_at, place_id, place_name, lat, lon,
                          bills_included, furnished, min_stay_months, available_from)
     select 'bench-user-' || (1 + g.i % ${users}),
            (${array(adjectives)})[1 + floor(g.r4 * 8)::int] || ' ' || lower(g.room) || ' room in ' || split_part(g.place, ',', 1),
            g.place,
            least(1000000, round(g.base * (case g.room when 'Studio' then 1.35 when 'Shared' then 0.6 else 1 end)
                                 * (0.6 + 0.9 * g.r3) / 10) * 10)::int,
            g.room,
            (${array(lifestyles)})[1 + g.i % ${lifestyles.length}],
            'A room in a friendly flat share with a shared kitchen, fast internet and good transport links. '
              || 'Bills included, deposit of one month, minimum stay six months. Viewing on weekday evenings.',
            'https://example.com/listing/' || g.i,
            '+1 555 ' || lpad((g.i % 10000)::text, 4, '0'),
            case when g.r4 < 0.8 then 'Available' else 'Not Available' end,
            floor(g.r5 * 40)::int,
            now() - g.r5 * interval '365 days',
            now() - g.r5 * interval '300 days',
            (${place.ids})[g.p], (${place.names})[g.p],
            (${place.lats})[g.p] + (g.r3 - 0.5) * 0.09, (${place.lons})[g.p] + (g.r4 - 0.5) * 0.09,
            g.i % 3 = 0, g.i % 2 = 0, (array[1, 3, 6, 12])[1 + g.i % 4],
            current_date + (g.i % 90)
     from (
       select i, r3, r4, r5, p,
              (${placeNames})[p] as place,
              (${placeRents})[p] as base,
              case when r2 < 0.55 then 'Single' when r2 < 0.85 then 'Shared' else 'Studio' end as room
       from (select i, 1 + floor(${places.length} * r1 * r1)::int as p, r2, r3, r4, r5
             from (select i, random() r1, random() r2, random() r3, random() r4, random() r5
                   from generate_series(1, ${listings}) i) raw) placed
     ) g`,
    profileStatement(users),
    photoStatement(),
    ...seekerAdStatements(listings),
    viewingTimesStatement(),
    // The seed is the site's past, already looked at: the signals job must not check 100k listings mid-run.
    `truncate signal_check`,
  ]
}

/**
 * As many room-wanted ads as listings, each by a person of its own (one ad per person), near the same skewed
 * spread of places (every third with a second area); one in ten paused. Their writers have no living profile (the
 * 20k profiles are the listing side's), so best match scores every ad and finds none to match.
 */
function seekerAdStatements(ads: number): string[] {
  const place = placeColumns()
  const bases = intArray(places.map(([, rent]) => rent))
  const area = (p: string) =>
    `jsonb_build_object('placeId', (${place.ids})[${p}], 'name', (${place.names})[${p}], 'radiusKm', (array[5, 10, 15, 25])[1 + g.i % 4])`
  return [
    `insert into "user" (id, name, email, email_verified, created_at, updated_at)
     select 'bench-seeker-' || i, (${array(firstNames)})[1 + (i / 3) % 10] || ' ' || (${array(lastNames)})[1 + i % 10],
            'seeker' || i || '@bench.nestmate.test', false, now(), now()
     from generate_series(1, ${ads}) i`,
    `insert into seeker_ad (owner_id, headline, about, budget, room_types, areas, status, move_in_from,
                            min_stay_months, bills_included, created_at, updated_at, confirmed_at)
     select 'bench-seeker-' || g.i,
            'Looking for a room in ' || split_part((${place.names})[g.p], ',', 1),
            'Tidy and friendly, working full time, home most evenings.',
            (round((${bases})[g.p] * (0.7 + 0.8 * g.r2) / 10) * 10)::int,
            case when g.r3 < 0.5 then array['Single'] when g.r3 < 0.8 then array['Single', 'Shared']
                 else array['Single', 'Shared', 'Studio'] end,
            case when g.i % 3 = 0 then jsonb_build_array(${area('g.p')}, ${area('g.p2')}) else jsonb_build_array(${area('g.p')}) end,
            case when g.i % 10 = 0 then 'paused' else 'active' end,
            case when g.i % 4 = 0 then null else current_date + (g.i % 90) end,
            (array[null, 3, 6, 12])[1 + g.i % 4],
            case when g.i % 2 = 0 then true end,
            now() - g.r4 * interval '365 days', now() - g.r4 * interval '365 days', now() - g.r4 * interval '300 days'
     from (select i, p, 1 + (p + 4) % ${places.length} as p2, r2, r3, r4
           from (select i, 1 + floor(${places.length} * r1 * r1)::int as p, r2, r3, r4
                 from (select i, random() r1, random() r2, random() r3, random() r4
                       from generate_series(1, ${ads}) i) raw) placed) g`,
    `insert into seeker_ad_area (ad_id, position, place_id, lat, lon, radius_km)
     select s.id, (a.n - 1)::smallint, (a.e->>'placeId')::int, pl.lat, pl.lon, (a.e->>'radiusKm')::float8
     from seeker_ad s
     cross join lateral jsonb_array_elements(s.areas) with ordinality as a(e, n)
     join (select distinct on (id) id, lat, lon
           from unnest(${place.ids}, ${place.lats}, ${place.lons}) as u(id, lat, lon)) pl
       on pl.id = (a.e->>'placeId')::int
     where s.owner_id like 'bench-seeker-%'`,
  ]
}

/**
 * One listing in ten has viewing times, as a poster sets them: weekday evenings in half hours, Saturday mornings in
 * hours, a day off and an extra window, in one of three zones (two with daylight saving). About 90 slots in 21 days.
 */
function viewingTimesStatement() {
  const weekdays = [1, 2, 3, 4, 5].map(
    (weekday) =>
      `{"weekday": ${weekday}, "from": "18:00", "to": "20:30", "slotMinutes": 30, "capacity": 2, "kind": "in_person"}`,
  )
  const rules = `[${[...weekdays, '{"weekday": 6, "from": "10:00", "to": "14:00", "slotMinutes": 60, "capacity": 3, "kind": "in_person"}'].join(', ')}]`
  return `insert into viewing_times (listing_id, time_zone, meeting_point, rules, exceptions)
     select id, (array['Europe/Berlin', 'America/New_York', 'Australia/Melbourne'])[1 + n % 3], 'Ring the top bell',
            '${rules}'::jsonb,
            jsonb_build_array(jsonb_build_object('date', to_char(current_date + 3, 'YYYY-MM-DD'), 'off', true),
              jsonb_build_object('date', to_char(current_date + 9, 'YYYY-MM-DD'), 'from', '12:00', 'to', '15:00',
                'slotMinutes', 45, 'capacity', 1, 'kind', 'in_person'))
     from (select id, row_number() over (order by id) n from listing) l where n % 10 = 0`
}

// What autovacuum does within a minute of a bulk load, done before measuring rather than during it: statistics,
// and the visibility map, without which an index-only scan reads every row it walks past.
const VACUUM = `vacuum analyze`

/**
 * Half the listings have photos (one to three), so browse's covers and the details page's photos are in the
 * answers measured (a real thumbhash of a plain beige picture). Rows only: the benchmark never asks for the files.
 */
function photoStatement(): string {
  return `insert into listing_photo (listing_id, key, width, height, placeholder, position)
    select l.id, md5(l.id::text || n), 1600, 1200, 'ZTkCBYB4ZVuJiHh0iJiIgFiMgKUI', n - 1
    from (select id, row_number() over (order by id) as i from listing) l, generate_series(1, 3) n
    where l.i % 2 = 0 and n <= 1 + l.i % 3`
}

const PROFILE_TEMPLATES = 50

/** Four people in five have a living profile (20k at 100k listings), each one of 50 demo profiles. */
function profileStatement(users: number): string {
  const literal = (value: unknown) => `'${JSON.stringify(value).replace(/'/g, "''")}'`
  const templates = Array.from({ length: PROFILE_TEMPLATES }, (_, k) => {
    const row = demoProfileRow('', k)
    const masks = [row.answerBits, row.acceptedBits, row.answeredBits, row.weight1Bits, row.weight10Bits]
    const more = [row.weight50Bits, row.weight250Bits, row.interestBits]
    return `(${k}, ${literal(row.answers)}::jsonb, ${array(row.interests)}::text[], ${[...masks, ...more].join(', ')})`
  })
  return `insert into living_profile (user_id, version, answers, interests, answer_bits, accepted_bits, answered_bits,
      weight1_bits, weight10_bits, weight50_bits, weight250_bits, interest_bits)
    select 'bench-user-' || i, 1, t.answers, t.interests, t.a, t.acc, t.ans, t.w1, t.w10, t.w50, t.w250, t.ints
    from generate_series(1, ${users}) i
    join (values ${templates.join(',\n')}) as t(k, answers, interests, a, acc, ans, w1, w10, w50, w250, ints)
      on t.k = i % ${PROFILE_TEMPLATES}
    where i % 5 <> 0`
}

type Query = (text: string) => Promise<{ rows: Record<string, unknown>[] }>

export async function describeSeed(query: Query, listings: number): Promise<SeedInfo> {
  const ids = await query(`select id from listing order by id limit 2000`)
  // The row 90 % of the way down the default (rent, id) order: the start of a "deep" page.
  const deep = await query(
    `select rent, id from listing order by rent, id offset ${Math.floor(listings * 0.9)} limit 1`,
  )
  const row = deep.rows[0]!
  const viewed = await query(`select listing_id from viewing_times order by listing_id limit 100`)
  return {
    listingIds: ids.rows.map((r) => String(r.id)),
    viewingListingIds: viewed.rows.map((r) => String(r.listing_id)),
    deepCursor: encodeCursor({ value: Number(row.rent), id: String(row.id) }),
    searchTerm: 'fitzroy',
    nearPlace: places[0][2],
  }
}

/** Migrates an empty database (through the app's own migrator) and fills it. */
export async function seed(target: Target, listings: number): Promise<SeedInfo> {
  const handle = await openDatabase(target)
  await handle.close()
  if (target.kind === 'postgres') {
    const client = new pg.Client({ connectionString: target.url })
    await client.connect()
    try {
      for (const statement of [...seedStatements(listings), VACUUM]) await client.query(statement)
      return await describeSeed((text) => client.query(text), listings)
    } finally {
      await client.end()
    }
  }
  // PGlite: reopen through the app's opener (fsync on, pg_trgm loaded) and use its raw client.
  const { PGlite } = await import('@electric-sql/pglite')
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm')
  const { cube } = await import('@electric-sql/pglite/contrib/cube')
  const { earthdistance } = await import('@electric-sql/pglite/contrib/earthdistance')
  const client = await PGlite.create(`${target.dataDir}/pgdata`, {
    extensions: { pg_trgm, cube, earthdistance },
  })
  try {
    for (const statement of [...seedStatements(listings), VACUUM]) await client.query(statement)
    await client.query('checkpoint')
    return await describeSeed((text) => client.query(text), listings)
  } finally {
    await client.close()
  }
}
