import { sql } from 'drizzle-orm'
import type { BrowseQuery } from '#shared/listing.ts'
import {
  NEW_LISTING_IDS_MAX,
  SAVED_SEARCHES_MAX,
  type Alert,
  type SavedSearch,
} from '#shared/saved-searches.ts'
import type { Database } from '../../db/client.ts'
import { savedSearch } from '../../db/schema/index.ts'
import { rowsOf } from '../../db/sql.ts'
import { listingFilters } from '../../listings/listing-filters.ts'
import type { Center } from '../../listings/near-plan.ts'
import { placeholderNames } from '../../saved-searches/inverse-match.ts'
import { newRoomsCount, newRoomsOf, notifyNewRooms } from '../../saved-searches/new-rooms.ts'

// Saved searches (docs/api.md, Saved searches). Every write names its owner in its own SQL (decision 015): a
// search that is someone else's matches nothing, and the route answers 404 as for a missing one.

const answer = sql`s.id as "_id", s.name, s.query, s.alert, to_char(s.created_at at time zone 'UTC',
  'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt", ${newRoomsCount} as "newCount"`

/**
 * The filter columns of a browse query: each set filter's parameter, and the values browse binds for it under
 * its placeholders' names (the search's pattern, near='s circle). Unset filters stay null.
 */
export function filterColumns(query: BrowseQuery, center: Center | undefined): Record<string, unknown> {
  const values = listingFilters.values(query, center)
  const row: Record<string, unknown> = {}
  for (const filter of listingFilters.filters) {
    const value = query[filter.key]
    if (value === undefined || value === '') continue
    row[filter.key] = value === 'true' ? true : value
    for (const name of placeholderNames(filter)) if (name in values) row[name] = values[name]
  }
  return row
}

export type NewSearch = {
  name: string
  query: string
  alert: Alert
  filters: Record<string, unknown>
}

export function createSavedSearchesRepository(db: Database) {
  const one = async (userId: string, id: string) => {
    const [found] = await rowsOf<SavedSearch>(
      db,
      sql`select ${answer} from saved_search s where s.id = ${id} and s.user_id = ${userId}`,
    )
    return found
  }

  return {
    list: (userId: string) =>
      rowsOf<SavedSearch>(
        db,
        sql`select ${answer} from saved_search s where s.user_id = ${userId} order by s.created_at, s.id`,
      ),

    /** The new search, or `full` when its owner already keeps the most they may (counted under their lock). */
    create: (userId: string, search: NewSearch) =>
      db.transaction(async (tx) => {
        await tx.execute(sql`select 1 from "user" where id = ${userId} for update`)
        const [{ count }] = (await rowsOf<{ count: number }>(
          tx,
          sql`select count(*)::int as count from saved_search where user_id = ${userId}`,
        )) as [{ count: number }]
        if (count >= SAVED_SEARCHES_MAX) return 'full' as const
        const [created] = await tx
          .insert(savedSearch)
          .values({
            ...(search.filters as object),
            userId,
            name: search.name,
            query: search.query,
            alert: search.alert,
          })
          .returning({ id: savedSearch.id })
        const [row] = await rowsOf<SavedSearch>(
          tx,
          sql`select ${answer} from saved_search s where s.id = ${created!.id}`,
        )
        return row!
      }),

    /** The changed search, or undefined when the caller has none of that id. */
    async change(userId: string, id: string, change: { name?: string; alert?: Alert }) {
      const updated = await rowsOf<{ id: string }>(
        db,
        sql`update saved_search set
          name = coalesce(${change.name ?? null}::text, name),
          alert = coalesce(${change.alert ?? null}::text, alert)
          where id = ${id} and user_id = ${userId} returning id`,
      )
      return updated.length > 0 ? one(userId, id) : undefined
    },

    async remove(userId: string, id: string) {
      const removed = await rowsOf(
        db,
        sql`delete from saved_search where id = ${id} and user_id = ${userId} returning id`,
      )
      return removed.length > 0
    },

    /**
     * Opened by its owner: the rooms that were new to it (their ids, newest first), and the search with its new
     * count started again from now; the owner's open pages hear of it. Undefined when the caller has none of that id.
     */
    async seen(userId: string, id: string) {
      const rooms = await rowsOf<{ id: string }>(
        db,
        sql`select new_rooms.listing_id as id from saved_search s, lateral (${newRoomsOf()}) new_rooms
          where s.id = ${id} and s.user_id = ${userId}
          order by new_rooms.matched_at desc, new_rooms.listing_id limit ${NEW_LISTING_IDS_MAX}`,
      )
      const updated = await rowsOf(
        db,
        sql`update saved_search set seen_at = now() where id = ${id} and user_id = ${userId}
          returning id, ${notifyNewRooms(sql`user_id`)}`,
      )
      const savedSearch = updated.length > 0 ? await one(userId, id) : undefined
      return savedSearch && { savedSearch, newListingIds: rooms.map((room) => room.id) }
    },

    /** The one-click unsubscribe: the search's alert turned off (whoever asks holds its signed token). */
    async alertOff(id: string) {
      const [row] = await rowsOf<{ name: string }>(
        db,
        sql`update saved_search set alert = 'off' where id = ${id} returning name`,
      )
      return row
    },

    /** The search's name, for the unsubscribe page. */
    async nameOf(id: string) {
      const [row] = await rowsOf<{ name: string; alert: Alert }>(
        db,
        sql`select name, alert from saved_search where id = ${id}`,
      )
      return row
    },
  }
}

export type SavedSearchesRepository = ReturnType<typeof createSavedSearchesRepository>
