import { and, eq, gte, ilike, lte, or, sql, type Placeholder, type SQL, type SQLWrapper } from 'drizzle-orm'
import {
  NewListingSchema,
  PAGE_SIZE,
  type BrowseQuery,
  type FeaturedListing,
  type Listing,
  type ListingSummary,
  type NewListing,
} from '../../../shared/listing.ts'
import type { Database } from '../../db/client.ts'
import { prepareRaw } from '../../db/prepare-raw.ts'
import { createCountCache } from '../../db/count-cache.ts'
import { listing, listingLike, user } from '../../db/schema/index.ts'
import type { Cursor } from './cursor.ts'

// The text Date.toISOString() gives: to_char's MS truncates the microseconds, as a JavaScript Date does.
const isoText = (column: SQLWrapper) =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`
const createdAtIso = isoText(listing.createdAt)
// PostgreSQL keeps microseconds and a JavaScript Date only milliseconds: the newest-first cursor carries the exact
// text, or listings created within the same millisecond as a page's last one would be skipped.
const createdAtExact = sql<string>`to_char(${listing.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`

const summaryColumns = {
  _id: listing.id,
  title: listing.title,
  location: listing.location,
  rent: listing.rent,
  roomType: listing.roomType,
  lifestyle: listing.lifestyle,
  availability: listing.availability,
  userName: user.name,
  likes: listing.likes,
  createdAt: createdAtIso,
}

/** A whole listing with its phone number, as its owner sees it. */
const listingColumns = {
  ...summaryColumns,
  description: listing.description,
  contact: listing.contact,
  number: listing.number,
  userEmail: user.email,
  ownerVerified: user.emailVerified,
  updatedAt: isoText(listing.updatedAt),
} satisfies Record<keyof Listing, SQLWrapper>

/** A listing with what decides who may see its phone number. */
export type ListingWithOwner = Listing & { number: string; ownerId: string; likedByMe: boolean }

/** Each field under its JSON key, so a row is the answer as the driver returns it (no per-row mapping). */
const aliased = (fields: Record<string, SQLWrapper>) =>
  Object.fromEntries(Object.entries(fields).map(([key, field]) => [key, sql`${field}`.as(key)]))

// Browse, featured and details are the busiest reads: Drizzle's per-column mapping and a Date per row were a
// tenth of the server's CPU on a page of 24.
const summaryFields = aliased(summaryColumns satisfies Record<keyof ListingSummary, SQLWrapper>)
const featuredFields = aliased({
  _id: listing.id,
  title: listing.title,
  availability: listing.availability,
  location: listing.location,
  userName: user.name,
  rent: listing.rent,
  roomType: listing.roomType,
} satisfies Record<keyof FeaturedListing, SQLWrapper>)

/**
 * A LIMIT written into the statement rather than bound. For `limit $1` PostgreSQL's generic plan assumes a tenth of
 * the table is wanted, so it never adopts that plan and plans the statement again on every call: on a browse page
 * that was close to half of PostgreSQL's CPU per request. Drizzle binds a number but writes an SQL chunk as it is.
 */
const literalLimit = (rows: number) => sql.raw(String(Math.trunc(rows))) as unknown as number
const FEATURED_COUNT = 6

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`)

// Browse queries are prepared once per shape (which filters are present, sort, cursor or not) with placeholders
// for the values: building SQL through Drizzle on every request was a fifth of the server's CPU under load, and
// PostgreSQL can reuse the plan of a named statement. The site's own page size is part of the shape (a literal
// LIMIT, see literalLimit); any other size is bound, so a client can't make a statement per size.
const p = {
  roomType: sql.placeholder('roomType'),
  minRent: sql.placeholder('minRent'),
  maxRent: sql.placeholder('maxRent'),
  pattern: sql.placeholder('pattern'),
  cursorValue: sql.placeholder('cursorValue'),
  cursorId: sql.placeholder('cursorId'),
  limit: sql.placeholder('limit'),
}

function browseFilters(query: BrowseQuery): SQL[] {
  const filters: SQL[] = []
  if (query.roomType) filters.push(eq(listing.roomType, p.roomType))
  if (query.minRent !== undefined) filters.push(gte(listing.rent, p.minRent))
  if (query.maxRent !== undefined) filters.push(lte(listing.rent, p.maxRent))
  if (query.q) filters.push(or(ilike(listing.title, p.pattern), ilike(listing.location, p.pattern))!)
  return filters
}

function browseValues(query: BrowseQuery, cursor: Cursor | null) {
  return {
    roomType: query.roomType,
    minRent: query.minRent,
    maxRent: query.maxRent,
    pattern: query.q ? `%${escapeLike(query.q)}%` : undefined,
    cursorValue: cursor?.value,
    cursorId: cursor?.id,
    limit: query.limit + 1,
  }
}

const pageLimit = (query: BrowseQuery) => (query.limit === PAGE_SIZE ? literalLimit(PAGE_SIZE + 1) : p.limit)

const shapeKey = (query: BrowseQuery, withCursor: boolean) =>
  [
    query.sort,
    query.roomType ? 't' : '',
    query.minRent !== undefined ? 'n' : '',
    query.maxRent !== undefined ? 'x' : '',
    query.q ? 'q' : '',
    withCursor ? 'c' : '',
    query.limit === PAGE_SIZE ? '' : 'l',
  ].join('')

function keyset(query: BrowseQuery, withCursor: boolean): { after: SQL | undefined; order: SQL[] } {
  const id = sql`${p.cursorId}::uuid`
  switch (query.sort) {
    case 'rent_desc':
      return {
        after: withCursor ? sql`(${listing.rent}, ${listing.id}) < (${p.cursorValue}, ${id})` : undefined,
        order: [sql`${listing.rent} desc`, sql`${listing.id} desc`],
      }
    case 'newest':
      return {
        after: withCursor
          ? sql`(${listing.createdAt}, ${listing.id}) < (${p.cursorValue}::timestamptz, ${id})`
          : undefined,
        order: [sql`${listing.createdAt} desc`, sql`${listing.id} desc`],
      }
    default:
      return {
        after: withCursor ? sql`(${listing.rent}, ${listing.id}) > (${p.cursorValue}, ${id})` : undefined,
        order: [sql`${listing.rent} asc`, sql`${listing.id} asc`],
      }
  }
}

/** The filters that decide a count, as a cache key (sort, cursor and limit don't change it). */
const countKey = (query: BrowseQuery) =>
  JSON.stringify([query.roomType ?? '', query.minRent ?? '', query.maxRent ?? '', query.q ?? ''])

const NEW_LISTING_FIELDS = Object.keys(NewListingSchema.shape) as (keyof NewListing)[]

export function createListingsRepository(db: Database) {
  const counts = createCountCache()
  // A person's own count is small but asked for on every dashboard view; this process's writes clear it.
  const ownCounts = createCountCache({ exactBelow: 0, maxEntries: 10_000 })
  const clearCounts = () => {
    counts.clear()
    ownCounts.clear()
  }
  const pages = new Map<string, ReturnType<typeof preparePage>>()
  const filteredCounts = new Map<string, ReturnType<typeof prepareCount>>()

  function preparePage(query: BrowseQuery, withCursor: boolean, name: string) {
    const { after, order } = keyset(query, withCursor)
    const fields =
      query.sort === 'newest' ? { ...summaryFields, ...aliased({ createdAtExact }) } : summaryFields
    return prepareRaw<ListingSummary & { createdAtExact?: string }>(
      db,
      name,
      db
        .select(fields)
        .from(listing)
        .innerJoin(user, eq(listing.ownerId, user.id))
        .where(and(...browseFilters(query), after))
        .orderBy(...order)
        .limit(pageLimit(query)),
    )
  }
  function prepareCount(query: BrowseQuery, name: string) {
    return db
      .select({ count: sql<number>`count(*)::int` })
      .from(listing)
      .where(and(...browseFilters(query)))
      .prepare(name)
  }
  const countOnce = async (query: BrowseQuery) => {
    const key = shapeKey({ ...query, sort: 'rent_asc', limit: PAGE_SIZE }, false)
    let statement = filteredCounts.get(key)
    if (!statement) filteredCounts.set(key, (statement = prepareCount(query, `listing_count_${key}`)))
    const [row] = await statement.execute(browseValues(query, null))
    return row?.count ?? 0
  }
  const ALL: BrowseQuery = { sort: 'rent_asc', limit: 0 }
  const countAll = () => counts.get(countKey(ALL), () => countOnce(ALL))
  /** Cached by the size of the whole table, not of the answer (see count-cache.ts). */
  const countFiltered = async (query: BrowseQuery) => {
    const key = countKey(query)
    if (key === countKey(ALL)) return countAll()
    return counts.get(key, () => countOnce(query), await countAll())
  }

  const featuredQuery = prepareRaw<FeaturedListing>(
    db,
    'listing_featured',
    db
      .select(featuredFields)
      .from(listing)
      .innerJoin(user, eq(listing.ownerId, user.id))
      .where(eq(listing.availability, 'Available'))
      .orderBy(sql`${listing.createdAt} desc`)
      .limit(literalLimit(FEATURED_COUNT)),
  )
  const findQuery = prepareRaw<ListingWithOwner>(
    db,
    'listing_find',
    db
      .select(
        aliased({
          ...listingColumns,
          ownerId: listing.ownerId,
          likedByMe: sql<boolean>`exists (select 1 from ${listingLike} where ${listingLike.listingId} = ${listing.id} and ${listingLike.userId} = ${sql.placeholder('viewerId')})`,
        } satisfies Record<keyof ListingWithOwner, SQLWrapper>),
      )
      .from(listing)
      .innerJoin(user, eq(listing.ownerId, user.id))
      .where(eq(listing.id, sql.placeholder('id'))),
  )
  const ownedQuery = prepareRaw<Listing>(
    db,
    'listing_owned',
    db
      .select(aliased(listingColumns))
      .from(listing)
      .innerJoin(user, eq(listing.ownerId, user.id))
      .where(eq(listing.ownerId, sql.placeholder('ownerId')))
      .orderBy(sql`${listing.createdAt} desc`),
  )
  // Every field is a placeholder, so the statement is built and planned once (zod has filled in the defaults).
  const insertQuery = db
    .insert(listing)
    .values({
      ...(Object.fromEntries(NEW_LISTING_FIELDS.map((field) => [field, sql.placeholder(field)])) as Record<
        (typeof NEW_LISTING_FIELDS)[number],
        Placeholder
      >),
      ownerId: sql.placeholder('ownerId'),
      likes: 0,
    })
    .returning({ id: listing.id })
    .prepare('listing_insert')
  const likeStatement = prepareRaw<{ likes: number; number: string }>(
    db,
    'listing_like',
    sql`
      with liked as (
        insert into listing_like (listing_id, user_id) values (${sql.placeholder('id')}, ${sql.placeholder('userId')})
        on conflict do nothing
        returning listing_id
      ), counted as (
        update listing set likes = likes + 1
        where id = ${sql.placeholder('id')} and exists (select 1 from liked)
        returning likes, number
      ), unchanged as (
        -- A like that already existed. FOR SHARE reads the newest committed count: when the same person's
        -- concurrent like just added it, this statement's snapshot would still show the old one.
        select likes, number from listing
        where id = ${sql.placeholder('id')} and not exists (select 1 from liked)
        for share
      )
      select likes, number from counted
      union all
      select likes, number from unchanged`,
  )
  const ownerCountQuery = db
    .select({ count: sql<number>`count(*)::int` })
    .from(listing)
    .where(eq(listing.ownerId, sql.placeholder('ownerId')))
    .prepare('listing_owner_count')
  const ownerQuery = db
    .select({ ownerId: listing.ownerId })
    .from(listing)
    .where(eq(listing.id, sql.placeholder('id')))
    .prepare('listing_owner')

  return {
    /** One page in keyset order, the cursor of the page after it (null on the last), and the filtered total. */
    async browse(query: BrowseQuery, cursor: Cursor | null) {
      const key = shapeKey(query, cursor !== null)
      let statement = pages.get(key)
      if (!statement) pages.set(key, (statement = preparePage(query, cursor !== null, `listing_page_${key}`)))
      const [rows, total] = await Promise.all([statement(browseValues(query, cursor)), countFiltered(query)])
      const page = rows.slice(0, query.limit)
      const last = page.at(-1)
      const next: Cursor | null =
        rows.length > query.limit && last
          ? { value: query.sort === 'newest' ? last.createdAtExact! : last.rent, id: last._id }
          : null
      const listings: ListingSummary[] =
        query.sort === 'newest' ? page.map(({ createdAtExact: _exact, ...row }) => row) : page
      return { listings, next, total }
    },

    featured: () => featuredQuery({}),

    /** One listing with its phone number: the caller decides whether the viewer may see it. */
    async find(id: string, viewerId: string): Promise<ListingWithOwner | undefined> {
      const [row] = await findQuery({ id, viewerId })
      return row
    },

    owned: (ownerId: string) => ownedQuery({ ownerId }),

    async ownerOf(id: string): Promise<string | undefined> {
      const [row] = await ownerQuery.execute({ id })
      return row?.ownerId
    },

    async create(ownerId: string, input: NewListing): Promise<string> {
      const [row] = await insertQuery.execute({ ...input, ownerId })
      clearCounts()
      return row!.id
    },

    async update(id: string, ownerId: string, input: NewListing): Promise<boolean> {
      const rows = await db
        .update(listing)
        .set(input)
        .where(and(eq(listing.id, id), eq(listing.ownerId, ownerId)))
        .returning({ id: listing.id })
      clearCounts()
      return rows.length > 0
    },

    async remove(id: string, ownerId: string): Promise<boolean> {
      const rows = await db
        .delete(listing)
        .where(and(eq(listing.id, id), eq(listing.ownerId, ownerId)))
        .returning({ id: listing.id })
      clearCounts()
      return rows.length > 0
    },

    /**
     * Records one like per person. One statement, so one round trip and atomic: the like row and the count change
     * together, and a repeated like changes neither. A like leaves `updatedAt` alone (it isn't an edit).
     */
    async like(id: string, userId: string): Promise<{ likes: number; number: string }> {
      const [row] = await likeStatement({ id, userId })
      return row!
    },

    /** All listings (cached when large), or one person's (an index range, cached until this process writes). */
    async count(ownerId?: string): Promise<number> {
      if (!ownerId) return countAll()
      return ownCounts.get(ownerId, async () => {
        const [row] = await ownerCountQuery.execute({ ownerId })
        return row?.count ?? 0
      })
    },
  }
}

export type ListingsRepository = ReturnType<typeof createListingsRepository>
