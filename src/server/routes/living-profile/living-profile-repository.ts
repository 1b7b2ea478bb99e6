import { eq, sql } from 'drizzle-orm'
import {
  QUESTIONNAIRE_VERSION,
  type LivingProfile,
  type LivingProfileAnswers,
} from '#shared/living-profile.ts'
import type { Profile } from '#shared/match.ts'
import type { Database } from '../../db/client.ts'
import { livingProfile } from '../../db/schema/index.ts'
import { isoText } from '../listings/listing-columns.ts'
import { encodeProfile, type ProfileCodes } from '../../db/profile-codes.ts'
import { prepareRaw } from '../../db/prepare-raw.ts'
import { CODE_KEYS, scoredProfiles, viewerValues } from './match-sql.ts'

/** A viewer's best-scored posters, best first, as browse binds them (docs/decisions/024). */
export type Ranking = { rankedIds: string[]; rankedMatches: number[]; rankedShared: number[] }

// How many posters a ranking keeps, how long, and for how many viewers at most. Like counts (decision 006), a
// ranking outlives another process's profile write by up to its lifetime; this process's writes clear them all.
const RANKING_SIZE = 300
const RANKING_MS = 10_000
const RANKINGS_KEPT = 1_000

const codeColumns = Object.fromEntries(CODE_KEYS.map((key) => [key, livingProfile[key]])) as {
  [K in keyof ProfileCodes]: (typeof livingProfile)[K]
}

export function createLivingProfileRepository(db: Database) {
  const own = db
    .select({
      version: livingProfile.version,
      answers: livingProfile.answers,
      interests: livingProfile.interests,
      updatedAt: isoText(livingProfile.updatedAt),
    })
    .from(livingProfile)
    .where(eq(livingProfile.userId, sql.placeholder('userId')))
    .prepare('living_profile_own')
  const codes = db
    .select(codeColumns)
    .from(livingProfile)
    .where(eq(livingProfile.userId, sql.placeholder('userId')))
    .prepare('living_profile_codes')

  // rank() gives tied posters one place, so every poster tied with the last one kept is kept too: then every
  // score down to the lowest kept is complete, and a page of those posters' listings is exact.
  const rankingStatement = prepareRaw<{ userId: string; match: number; shared: number }>(
    db,
    'living_profile_ranking',
    sql`select "userId", match, shared from (
        select user_id as "userId", match, shared_interests as shared, rank() over (order by match desc) as place
        from ${scoredProfiles(false)} as scored where match is not null
      ) as ranked where place <= ${sql.raw(String(RANKING_SIZE))} order by match desc`,
  )
  const rankings = new Map<string, { until: number; ranking: Ranking }>()

  async function get(userId: string): Promise<LivingProfile | undefined> {
    const [row] = await own.execute({ userId })
    return row
  }

  return {
    get,

    /** The viewer's masks for browse's score, or undefined without a profile. */
    async codes(userId: string): Promise<ProfileCodes | undefined> {
      const [row] = await codes.execute({ userId })
      return row
    },

    /** The viewer's best-scored posters: the first RANKING_SIZE places, with every poster tied for the last. */
    async ranking(viewerId: string, viewerCodes: ProfileCodes): Promise<Ranking> {
      const kept = rankings.get(viewerId)
      if (kept && kept.until > Date.now()) return kept.ranking
      const rows = await rankingStatement({ viewerId, ...viewerValues(viewerCodes) })
      const ranking = {
        rankedIds: rows.map((row) => row.userId),
        rankedMatches: rows.map((row) => row.match),
        rankedShared: rows.map((row) => row.shared),
      }
      rankings.delete(viewerId)
      if (rankings.size >= RANKINGS_KEPT) rankings.delete(rankings.keys().next().value!)
      rankings.set(viewerId, { until: Date.now() + RANKING_MS, ranking })
      return ranking
    },

    /** Two people's answers, for the details page's explained match (undefined: that one has no profile). */
    async pair(viewerId: string, posterId: string): Promise<{ viewer?: Profile; poster?: Profile }> {
      const [[viewer], [poster]] = await Promise.all([
        own.execute({ userId: viewerId }),
        own.execute({ userId: posterId }),
      ])
      return { viewer, poster }
    },

    /** Creates or replaces the person's profile in one statement: the answers and their masks change together. */
    async put(userId: string, answers: LivingProfileAnswers, interests: string[]): Promise<LivingProfile> {
      const values = {
        version: QUESTIONNAIRE_VERSION,
        answers,
        interests,
        ...encodeProfile(answers, interests),
      }
      await db
        .insert(livingProfile)
        .values({ userId, ...values })
        .onConflictDoUpdate({ target: livingProfile.userId, set: { ...values, updatedAt: new Date() } })
      rankings.clear()
      return (await get(userId))!
    },

    async remove(userId: string): Promise<boolean> {
      const rows = await db
        .delete(livingProfile)
        .where(eq(livingProfile.userId, userId))
        .returning({ userId: livingProfile.userId })
      rankings.clear()
      return rows.length > 0
    },
  }
}

export type LivingProfileRepository = ReturnType<typeof createLivingProfileRepository>
