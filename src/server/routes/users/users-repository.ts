import { and, desc, eq, gt, inArray, max, sql } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import { createCountCache } from '../../db/count-cache.ts'
import { session, user } from '../../db/schema/index.ts'

export function createUsersRepository(db: Database) {
  // Sign-ups go through Better Auth, which doesn't tell us: a large user count may lag by the cache's TTL.
  const counts = createCountCache()
  // Every signed-in request runs this: prepared once, not rebuilt by Drizzle each time.
  const sessionQuery = db
    .select({ id: user.id, email: user.email, createdAt: session.createdAt, expiresAt: session.expiresAt })
    .from(session)
    .innerJoin(user, eq(session.userId, user.id))
    .where(and(eq(session.token, sql.placeholder('token')), gt(session.expiresAt, sql`now()`)))
    .prepare('session_user')
  return {
    /** Public records, newest first; the last sign-in is the latest session's start. */
    async list(limit: number) {
      const users = await db
        .select({
          id: user.id,
          name: user.name,
          email: user.email,
          image: user.image,
          createdAt: user.createdAt,
        })
        .from(user)
        .orderBy(desc(user.createdAt))
        .limit(limit)
      if (users.length === 0) return []
      // A second query rather than a correlated subquery: in a one-table select Drizzle leaves column names
      // unqualified, so `session.user_id = user.id` inside it would compare against session.id.
      const signIns = await db
        .select({ userId: session.userId, lastSignIn: max(session.createdAt) })
        .from(session)
        .where(
          inArray(
            session.userId,
            users.map((row) => row.id),
          ),
        )
        .groupBy(session.userId)
      const lastSignIn = new Map(signIns.map((row) => [row.userId, row.lastSignIn]))
      return users.map((row) => ({ ...row, lastSignIn: lastSignIn.get(row.id) ?? null }))
    },

    async updateProfile(id: string, profile: { name: string; image: string | null }) {
      await db.update(user).set(profile).where(eq(user.id, id))
    },

    /** The signed-in user behind a session token, or null when the session is unknown or expired. */
    async bySessionToken(token: string) {
      const [row] = await sessionQuery.execute({ token })
      if (!row) return null
      const { createdAt, expiresAt, ...signedIn } = row
      return { user: signedIn, createdAt, expiresAt }
    },

    /** Deletes a session, signing it out everywhere. */
    async endSession(token: string) {
      await db.delete(session).where(eq(session.token, token))
    },

    async count(): Promise<number> {
      return counts.get('all', async () => {
        const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(user)
        return row?.count ?? 0
      })
    },
  }
}

export type UsersRepository = ReturnType<typeof createUsersRepository>
