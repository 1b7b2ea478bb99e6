import { eq, sql } from 'drizzle-orm'
import {
  QUESTIONNAIRE_VERSION,
  type LivingProfile,
  type LivingProfileAnswers,
} from '#shared/living-profile.ts'
import type { Database } from '../../db/client.ts'
import { livingProfile } from '../../db/schema/index.ts'
import { isoText } from '../../listings/listing-columns.ts'
import { encodeProfile, type ProfileCodes } from '../../db/profile-codes.ts'
import { CODE_KEYS } from './match-sql.ts'

/** A living profile's codes as columns, for a select (a poster's answers read beside their listing, say). */
export const codeColumns = Object.fromEntries(CODE_KEYS.map((key) => [key, livingProfile[key]])) as {
  [K in keyof ProfileCodes]: (typeof livingProfile)[K]
}

/** `onChange` hears of every profile written or removed (browse's best-match prefixes depend on them). */
export function createLivingProfileRepository(db: Database, onChange: (userId: string) => void = () => {}) {
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
      onChange(userId)
      return (await get(userId))!
    },

    async remove(userId: string): Promise<boolean> {
      const rows = await db
        .delete(livingProfile)
        .where(eq(livingProfile.userId, userId))
        .returning({ userId: livingProfile.userId })
      onChange(userId)
      return rows.length > 0
    },
  }
}

export type LivingProfileRepository = ReturnType<typeof createLivingProfileRepository>
