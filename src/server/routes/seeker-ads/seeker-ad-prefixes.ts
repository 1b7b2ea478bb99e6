import type { ProfileCodes } from '../../db/profile-codes.ts'
import { createBestMatchPrefixes } from '../listings/best-match-prefixes.ts'
import { CODE_KEYS } from '../living-profile/match-sql.ts'
import type { SeekerAdCursor } from './seeker-ad-cursor.ts'
import type { PageRow } from './seeker-ad-statements.ts'

// Rooms wanted's best-match orders, near their top, cut from a prefix instead of scored again (decision 063, as
// browse does in decision 027): a viewer's first ads of sort=match, and per listing its poster's first fitting ads.
// One statement scores every ad's writer once and keeps the first few hundred; pages are then read by id. The
// prefixes live in browse's prefix cache (../listings/best-match-prefixes.ts, the one TTL cache of decision 030):
// fresh for a minute, then answered while one new one is worked out in the background, for up to five (decision 066).

/** How many ads of each order are kept: a dozen pages and more. */
export const AD_PREFIX_ROWS = 300

/** How long a prefix of ads is used as it is, and how long it is answered while renewed (decision 066). */
export const AD_PREFIX_FRESH_MS = 60_000
export const AD_PREFIX_STALE_MS = 300_000

/**
 * The first ads of one best-match order: each one's id, the viewer's match (null: no score), the key the order sorts
 * by (the match, −1 without one) and its creation time, the order's second key.
 */
export type AdPrefix = {
  ids: string[]
  matches: (number | null)[]
  keys: number[]
  created: string[]
  /** True when the prefix holds every ad of the order, so a page it can't fill is still complete. */
  isWhole: boolean
  /**
   * A listing's fitting ads, counted when its prefix was worked out: finding them is most of the work, so a page cut
   * from the prefix answers this count rather than find them all again.
   */
  total?: number
}

/** A prefix from the first rows of the order (the full statement's answer, `size` rows asked for). */
export function toPrefix(
  rows: Pick<PageRow, '_id' | 'createdExact' | 'match' | 'matchKey'>[],
  size: number,
  total?: number,
): AdPrefix {
  return {
    total,
    ids: rows.map((row) => row._id),
    matches: rows.map((row) => row.match ?? null),
    keys: rows.map((row) => row.matchKey!),
    created: rows.map((row) => row.createdExact),
    isWhole: rows.length < size,
  }
}

/**
 * The index of the prefix's first entry after `cursor` ([key, created, id], every key descending); 0 without one.
 * Times compare as text (one fixed form, microseconds, UTC); ids as PostgreSQL compares uuids in lowercase hex.
 */
export function startAfterAd(prefix: AdPrefix, cursor: SeekerAdCursor | null): number {
  if (!cursor) return 0
  const [key, created, id] = [Number(cursor[0]), String(cursor[1]), String(cursor[2]).toLowerCase()]
  const index = prefix.ids.findIndex((entry, i) => {
    const entryKey = prefix.keys[i]!
    if (entryKey !== key) return entryKey < key
    const entryCreated = prefix.created[i]!
    if (entryCreated !== created) return entryCreated < created
    return entry < id
  })
  return index === -1 ? prefix.ids.length : index
}

/**
 * A page cut from `prefix` after `cursor`: `read` answers the rows of the ids it is given that its statement keeps
 * (still shown, and within the filters), which are put in the prefix's order with the prefix's keys, so the order
 * and its cursor agree even if an ad changed since. Without filters only the next `limit + 1` ids are read.
 * Undefined when the prefix can't fill the page: the caller runs the full statement.
 */
export async function pageFromPrefix(
  prefix: AdPrefix,
  cursor: SeekerAdCursor | null,
  limit: number,
  isFiltered: boolean,
  read: (ids: string[]) => Promise<PageRow[]>,
): Promise<PageRow[] | undefined> {
  const from = startAfterAd(prefix, cursor)
  if (from === prefix.ids.length && !prefix.isWhole) return undefined
  const to = isFiltered ? prefix.ids.length : from + limit + 1
  const found = new Map((await read(prefix.ids.slice(from, to))).map((row) => [row._id, row]))
  const rows: PageRow[] = []
  for (let i = from; i < to && rows.length <= limit; i++) {
    const row = found.get(prefix.ids[i]!)
    if (row)
      rows.push({
        ...row,
        match: prefix.matches[i]!,
        matchKey: prefix.keys[i]!,
        createdExact: prefix.created[i]!,
      })
  }
  return rows.length > limit || prefix.isWhole ? rows : undefined
}

/** What names a person's answers: a prefix of older answers is never used. */
export const codesKey = (codes: ProfileCodes | undefined) =>
  codes ? CODE_KEYS.map((key) => codes[key]).join(' ') : 'none'

export function createAdPrefixes<ViewerAnswers, ListingAnswers>(
  computeViewer: (viewerId: string, answers: ViewerAnswers) => Promise<AdPrefix>,
  computeListing: (listingId: string, answers: ListingAnswers) => Promise<AdPrefix>,
  options: { onError?: (error: unknown) => void } = {},
) {
  // Working a prefix out scores every ad in its order (a viewer's: every active ad; a listing's: the tens of
  // thousands whose areas hold a busy place), and ads come and go at the pace of people writing them: fresh for a
  // minute, answered for up to five while one is worked out again (decision 066). This process's ad writes, profile
  // changes and moderators' decisions still reach them at once.
  const lifetimes = {
    freshMs: AD_PREFIX_FRESH_MS,
    staleMs: AD_PREFIX_STALE_MS,
    onRefreshError: options.onError,
  }
  const viewers = createBestMatchPrefixes<ViewerAnswers, AdPrefix>(computeViewer, lifetimes)
  const listings = createBestMatchPrefixes<ListingAnswers, AdPrefix>(computeListing, lifetimes)
  return {
    viewers,
    listings,
    /** An ad was written in this process: every prefix is worked out again on its next use. */
    adsChanged() {
      viewers.expireAll()
      listings.expireAll()
    },
    /** A moderator hid or showed ads: no prefix is used again, not even stale (a shown ad is there at once). */
    shownChanged() {
      viewers.forgetAll()
      listings.forgetAll()
    },
    /** Someone's living profile changed or went: their own prefix goes, every other is worked out again. */
    profileChanged(userId: string) {
      viewers.forget(userId)
      viewers.expireAll()
      listings.expireAll()
    },
  }
}
