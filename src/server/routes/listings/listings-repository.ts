import { and, eq, gte, ilike, lte, or, sql, type SQL } from 'drizzle-orm'
import type { BrowseQuery, Listing, ListingSummary, NewListing } from '../../../shared/listing.ts'
import type { Database } from '../../db/client.ts'
import { createCountCache } from '../../db/count-cache.ts'
import { listing, listingLike, user } from '../../db/schema/index.ts'
import type { Cursor } from './cursor.ts'

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
  createdAt: listing.createdAt,
}

const fullColumns = {
  ...summaryColumns,
  description: listing.description,
  contact: listing.contact,
  number: listing.number,
  userEmail: user.email,
  ownerId: listing.ownerId,
  updatedAt: listing.updatedAt,
}

type SummaryRow = { [K in keyof typeof summaryColumns]: (typeof summaryColumns)[K]['_']['data'] }
type FullRow = { [K in keyof typeof fullColumns]: (typeof fullColumns)[K]['_']['data'] }

export const toSummary = (row: SummaryRow): ListingSummary => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
})

/** The phone number leaves the server only when `showNumber` (owner, or someone who liked it). */
export function toListing(row: FullRow, showNumber: boolean): Listing {
  const { ownerId: _ownerId, number, ...rest } = row
  return {
    ...rest,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    ...(showNumber ? { number } : {}),
  }
}

// PostgreSQL keeps microseconds and a JavaScript Date only milliseconds: the newest-first cursor carries the exact
// text, or listings created within the same millisecond as a page's last one would be skipped.
const createdAtExact = sql<string>`to_char(${listing.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`)

function browseFilters(query: BrowseQuery): SQL[] {
  const filters: SQL[] = []
  if (query.roomType) filters.push(eq(listing.roomType, query.roomType))
  if (query.minRent !== undefined) filters.push(gte(listing.rent, query.minRent))
  if (query.maxRent !== undefined) filters.push(lte(listing.rent, query.maxRent))
  if (query.q) {
    const pattern = `%${escapeLike(query.q)}%`
    filters.push(or(ilike(listing.title, pattern), ilike(listing.location, pattern))!)
  }
  return filters
}

function keyset(query: BrowseQuery, cursor: Cursor | null): { after: SQL | undefined; order: SQL[] } {
  const id = cursor && sql`${cursor.id}::uuid`
  switch (query.sort) {
    case 'rent_desc':
      return {
        after: cursor ? sql`(${listing.rent}, ${listing.id}) < (${cursor.value}, ${id})` : undefined,
        order: [sql`${listing.rent} desc`, sql`${listing.id} desc`],
      }
    case 'newest':
      return {
        after: cursor
          ? sql`(${listing.createdAt}, ${listing.id}) < (${cursor.value}::timestamptz, ${id})`
          : undefined,
        order: [sql`${listing.createdAt} desc`, sql`${listing.id} desc`],
      }
    default:
      return {
        after: cursor ? sql`(${listing.rent}, ${listing.id}) > (${cursor.value}, ${id})` : undefined,
        order: [sql`${listing.rent} asc`, sql`${listing.id} asc`],
      }
  }
}

/** The filters that decide a count, as a cache key (sort, cursor and limit don't change it). */
const countKey = (query: BrowseQuery) =>
  JSON.stringify([query.roomType ?? '', query.minRent ?? '', query.maxRent ?? '', query.q ?? ''])

export function createListingsRepository(db: Database) {
  const counts = createCountCache()
  const countWhere = (key: string, where: SQL | undefined) =>
    counts.get(key, async () => {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(listing)
        .where(where)
      return row?.count ?? 0
    })
  return {
    /** One page in keyset order, the cursor of the page after it (null on the last), and the filtered total. */
    async browse(query: BrowseQuery, cursor: Cursor | null) {
      const filters = browseFilters(query)
      const { after, order } = keyset(query, cursor)
      const [rows, total] = await Promise.all([
        db
          .select({ ...summaryColumns, createdAtExact })
          .from(listing)
          .innerJoin(user, eq(listing.ownerId, user.id))
          .where(and(...filters, after))
          .orderBy(...order)
          .limit(query.limit + 1),
        countWhere(countKey(query), and(...filters)),
      ])
      const page = rows.slice(0, query.limit)
      const last = page.at(-1)
      const next: Cursor | null =
        rows.length > query.limit && last
          ? { value: query.sort === 'newest' ? last.createdAtExact : last.rent, id: last._id }
          : null
      return {
        listings: page.map(({ createdAtExact: _exact, ...row }) => toSummary(row)),
        next,
        total,
      }
    },

    async featured(limit = 6) {
      const rows = await db
        .select(summaryColumns)
        .from(listing)
        .innerJoin(user, eq(listing.ownerId, user.id))
        .where(eq(listing.availability, 'Available'))
        .orderBy(sql`${listing.createdAt} desc`)
        .limit(limit)
      return rows.map(toSummary)
    },

    async find(id: string, viewerId: string) {
      const [row] = await db
        .select({
          ...fullColumns,
          likedByMe: sql<boolean>`exists (select 1 from ${listingLike} where ${listingLike.listingId} = ${listing.id} and ${listingLike.userId} = ${viewerId})`,
        })
        .from(listing)
        .innerJoin(user, eq(listing.ownerId, user.id))
        .where(eq(listing.id, id))
      return row
    },

    async owned(ownerId: string) {
      const rows = await db
        .select(fullColumns)
        .from(listing)
        .innerJoin(user, eq(listing.ownerId, user.id))
        .where(eq(listing.ownerId, ownerId))
        .orderBy(sql`${listing.createdAt} desc`)
      return rows.map((row) => toListing(row, true))
    },

    async ownerOf(id: string): Promise<string | undefined> {
      const [row] = await db.select({ ownerId: listing.ownerId }).from(listing).where(eq(listing.id, id))
      return row?.ownerId
    },

    async create(ownerId: string, input: NewListing): Promise<string> {
      const [row] = await db
        .insert(listing)
        .values({ ...input, ownerId, likes: 0 })
        .returning({ id: listing.id })
      counts.clear()
      return row!.id
    },

    async update(id: string, ownerId: string, input: NewListing): Promise<boolean> {
      const rows = await db
        .update(listing)
        .set(input)
        .where(and(eq(listing.id, id), eq(listing.ownerId, ownerId)))
        .returning({ id: listing.id })
      counts.clear()
      return rows.length > 0
    },

    async remove(id: string, ownerId: string): Promise<boolean> {
      const rows = await db
        .delete(listing)
        .where(and(eq(listing.id, id), eq(listing.ownerId, ownerId)))
        .returning({ id: listing.id })
      counts.clear()
      return rows.length > 0
    },

    /** Records one like per person; the count and the row change in one transaction. */
    async like(id: string, userId: string): Promise<{ likes: number; number: string }> {
      return db.transaction(async (tx) => {
        const inserted = await tx
          .insert(listingLike)
          .values({ listingId: id, userId })
          .onConflictDoNothing()
          .returning({ listingId: listingLike.listingId })
        const [row] =
          inserted.length > 0
            ? await tx
                .update(listing)
                .set({ likes: sql`${listing.likes} + 1`, updatedAt: sql`${listing.updatedAt}` })
                .where(eq(listing.id, id))
                .returning({ likes: listing.likes, number: listing.number })
            : await tx
                .select({ likes: listing.likes, number: listing.number })
                .from(listing)
                .where(eq(listing.id, id))
        return row!
      })
    },

    /** All listings (cached when large), or one person's (always exact: an index range). */
    async count(ownerId?: string): Promise<number> {
      if (!ownerId) return countWhere(countKey({} as BrowseQuery), undefined)
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(listing)
        .where(eq(listing.ownerId, ownerId))
      return row?.count ?? 0
    },
  }
}

export type ListingsRepository = ReturnType<typeof createListingsRepository>
