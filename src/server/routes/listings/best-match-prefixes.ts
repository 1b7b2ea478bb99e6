import type { Cursor } from './cursor.ts'

// Each viewer's best-match prefix: the first listings of browse's sort=match order (best score first, then listing
// id, descending), worked out by one statement that scores every profile (decision 027). Pages near the top of
// that order are then cut from it, with no scoring at all.
//
// Kept fresh for FRESH_MS. After that, up to STALE_MS, the prefix kept is still used while one new one is worked out
// in the background: a person paging through best matches never waits for the scoring again, and a change elsewhere
// shows on their next page. A change to the viewer's own answers (their masks differ) starts over at once.

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

type Entry = {
  codesKey: string
  prefix: BestMatchPrefix
  freshUntil: number
  staleUntil: number
  refreshing?: Promise<unknown>
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

/** `compute` works out a viewer's prefix from what identifies their answers (`Answers`, e.g. their masks). */
export function createBestMatchPrefixes<Answers>(
  compute: (viewerId: string, answers: Answers) => Promise<BestMatchPrefix>,
  {
    freshMs = 10_000,
    staleMs = 60_000,
    maxViewers = 1_000,
    maxRefreshing = 1,
    now = Date.now,
    onRefreshError,
  }: BestMatchOptions = {},
) {
  const entries = new Map<string, Entry>()
  // A prefix worked out while something changed is kept, but not as fresh.
  let generation = 0
  let refreshing = 0

  async function load(viewerId: string, answers: Answers, codesKey: string): Promise<BestMatchPrefix> {
    const startedIn = generation
    const prefix = await compute(viewerId, answers)
    entries.delete(viewerId)
    if (entries.size >= maxViewers) entries.delete(entries.keys().next().value!)
    const at = now()
    const freshUntil = startedIn === generation ? at + freshMs : 0
    entries.set(viewerId, { codesKey, prefix, freshUntil, staleUntil: at + staleMs })
    return prefix
  }

  return {
    /** The viewer's prefix; `codesKey` names their answers, so a prefix of older answers is never used. */
    async get(viewerId: string, answers: Answers, codesKey: string): Promise<BestMatchPrefix> {
      const entry = entries.get(viewerId)
      const at = now()
      if (!entry || entry.codesKey !== codesKey || entry.staleUntil <= at)
        return load(viewerId, answers, codesKey)
      // A stale prefix whose refresh must wait its turn is answered as it is; a later request starts it.
      if (entry.freshUntil <= at && !entry.refreshing && refreshing < maxRefreshing) {
        refreshing++
        entry.refreshing = load(viewerId, answers, codesKey)
          .catch((error: unknown) => {
            entry.refreshing = undefined
            onRefreshError?.(error)
          })
          .finally(() => refreshing--)
      }
      return entry.prefix
    },

    /** Listings or other people's answers changed: every prefix is worked out again on its next use. */
    expireAll() {
      generation++
      for (const entry of entries.values()) entry.freshUntil = 0
    },

    /** This viewer's answers changed or went: their prefix is gone. */
    forget(viewerId: string) {
      entries.delete(viewerId)
    },

    get size() {
      return entries.size
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
