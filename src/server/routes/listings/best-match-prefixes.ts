import { createTtlCache } from '../../db/ttl-cache.ts'
import type { Cursor } from './cursor.ts'

// Each viewer's best-match prefix: the first listings of browse's sort=match order (best score first, then listing
// id, descending), worked out by one statement that scores every profile (decision 027). Pages near the top of
// that order are then cut from it, with no scoring at all.
//
// Kept fresh for `freshMs`. After that, up to `staleMs`, the prefix kept is still used while one new one is worked
// out in the background (../../db/ttl-cache.ts): a person paging through best matches never waits for the scoring
// again, and a change elsewhere shows on their next page. A change to the viewer's own answers (their masks differ)
// starts over at once.

/**
 * A prefix of one viewer's order: listing ids with the viewer's match (null: no score), the key the order sorts by
 * (the score, −1 without one, lower still for a room Not Available) and shared interests.
 */
export type BestMatchPrefix = {
  ids: string[]
  matches: (number | null)[]
  keys: number[]
  shared: number[]
  /** True when the prefix holds every listing, so a page it can't fill is still complete. */
  isWhole: boolean
}

export type BestMatchOptions = {
  freshMs?: number
  staleMs?: number
  maxViewers?: number
  /** Background refreshes at once: each scores every profile, so they take turns rather than a core each. */
  maxRefreshing?: number
  now?: () => number
  /** Where a failed background refresh is reported (the kept prefix stays in use until it is too old). */
  onRefreshError?: (error: unknown) => void
}

/**
 * `compute` works out a viewer's prefix from what identifies their answers (`Answers`, e.g. their masks). Rooms
 * wanted keeps prefixes of its own shape (`Prefix`) with the same rules (../seeker-ads/seeker-ad-prefixes.ts).
 */
export function createBestMatchPrefixes<Answers, Prefix = BestMatchPrefix>(
  compute: (viewerId: string, answers: Answers) => Promise<Prefix>,
  {
    freshMs = 10_000,
    staleMs = 60_000,
    maxViewers = 1_000,
    maxRefreshing = 1,
    now,
    onRefreshError,
  }: BestMatchOptions = {},
) {
  const prefixes = createTtlCache<string, { codesKey: string; prefix: Prefix }>({
    freshMs,
    staleMs,
    maxEntries: maxViewers,
    maxRefreshing,
    now,
    onRefreshError,
  })

  return {
    /** The viewer's prefix; `codesKey` names their answers, so a prefix of older answers is never used. */
    async get(viewerId: string, answers: Answers, codesKey: string): Promise<Prefix> {
      const kept = await prefixes.get(
        viewerId,
        async () => ({ codesKey, prefix: await compute(viewerId, answers) }),
        { fits: (entry) => entry.codesKey === codesKey },
      )
      return kept.prefix
    },

    /** Listings or other people's answers changed: every prefix is worked out again on its next use. */
    expireAll: () => prefixes.expireAll(),

    /** What may be shown changed (a moderator hid or showed something): every prefix is gone, none is used stale. */
    forgetAll: () => prefixes.clear(),

    /** This viewer's answers changed or went: their prefix is gone. */
    forget: (viewerId: string) => prefixes.delete(viewerId),

    get size() {
      return prefixes.size
    },
  }
}

export type BestMatchPrefixes = ReturnType<typeof createBestMatchPrefixes>

/**
 * The entries of `prefix` after `cursor` in its order (all of them without one): the index of the first entry
 * whose (key, id) is below the cursor's, since the order is descending on both.
 */
export function startAfter(prefix: BestMatchPrefix, cursor: Cursor | null): number {
  if (!cursor) return 0
  const value = Number(cursor.value)
  // Ids compare as PostgreSQL compares uuids when both are in lowercase hex.
  const after = cursor.id.toLowerCase()
  const index = prefix.ids.findIndex((id, i) => {
    const key = prefix.keys[i]!
    return key < value || (key === value && id < after)
  })
  return index === -1 ? prefix.ids.length : index
}
