import type { BrowseQuery } from '#shared/listing.ts'
import type { Database } from '../../db/client.ts'
import type { ProfileCodes } from '../../db/profile-codes.ts'
import { createStatementCache } from '../../db/statement-cache.ts'
import { CODE_KEYS, viewerValues } from '../living-profile/match-sql.ts'
import { createBestMatchPrefixes, startAfter } from './best-match-prefixes.ts'
import { prepareBestMatchPrefix, preparePrefixPage } from './best-match-queries.ts'
import { browseValues, countShape, pageShape } from './browse-queries.ts'
import type { Cursor } from './cursor.ts'
import type { Center } from '../../listings/near-plan.ts'

/** A signed-in caller with a living profile. */
export type Viewer = { id: string; codes: ProfileCodes }

/** How many listings of each viewer's best-match order are kept (decision 027): the first dozen pages. */
const BEST_MATCH_PREFIX = 300

/** Best match first: pages near the top are cut from the viewer's prefix of that order (decision 027). */
export function createBestMatchPages(db: Database, options: { onError?: (error: unknown) => void } = {}) {
  const prefixStatement = prepareBestMatchPrefix(db, BEST_MATCH_PREFIX)
  const prefixes = createBestMatchPrefixes(
    async (viewerId, codes: ProfileCodes) => {
      const rows = await prefixStatement({ viewerId, ...viewerValues(codes) })
      return {
        ids: rows.map((row) => row.id),
        matches: rows.map((row) => row.match),
        keys: rows.map((row) => row.key),
        shared: rows.map((row) => row.shared),
        isWhole: rows.length < BEST_MATCH_PREFIX,
      }
    },
    { onRefreshError: options.onError },
  )
  const statements = createStatementCache<ReturnType<typeof preparePrefixPage>>('listing_match_prefix')

  return {
    /** A best-match page from the viewer's prefix, or undefined when the prefix can't fill it. */
    async rows(query: BrowseQuery, cursor: Cursor | null, near: Center | undefined, viewer?: Viewer) {
      if (query.sort !== 'match' || !viewer) return undefined
      const codesKey = CODE_KEYS.map((key) => viewer.codes[key]).join(' ')
      const prefix = await prefixes.get(viewer.id, viewer.codes, codesKey)
      const from = startAfter(prefix, cursor)
      if (from === prefix.ids.length && !prefix.isWhole) return undefined
      // Without filters, the page is the next limit + 1 entries: only those are bound.
      const to = countShape(query) === 'all' ? from + query.limit + 1 : prefix.ids.length
      const statement = statements(pageShape(query, false, true), (name) =>
        preparePrefixPage(db, query, name),
      )
      const rows = await statement({
        ...browseValues(query, null, near, viewer),
        prefixIds: prefix.ids.slice(from, to),
        prefixMatches: prefix.matches.slice(from, to),
        prefixKeys: prefix.keys.slice(from, to),
        prefixShared: prefix.shared.slice(from, to),
      })
      return rows.length > query.limit || prefix.isWhole ? rows : undefined
    },

    /** A listing was written in this process: every prefix is worked out again on its next use. */
    listingsChanged: () => prefixes.expireAll(),
    /** A moderator hid or showed listings: no prefix is used again, not even stale. */
    shownChanged: () => prefixes.forgetAll(),

    /**
     * Someone's living profile changed or went: their own prefix is dropped, everyone else's is worked out again on
     * its next use.
     */
    profileChanged(userId: string) {
      prefixes.forget(userId)
      prefixes.expireAll()
    },
  }
}
