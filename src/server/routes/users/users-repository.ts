import { and, desc, eq, gt, inArray, max, sql } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import { createCountCache } from '../../db/count-cache.ts'
import { listing, listingLike, session, user } from '../../db/schema/index.ts'
import { deleteConversationsOf } from '../conversations/account-deletion.ts'

export function createUsersRepository(db: Database) {
  // Sign-ups go through Better Auth, which doesn't tell us: a large user count may lag by the cache's TTL.
  const counts = createCountCache()
  // Every signed-in request runs this: prepared once, not rebuilt by Drizzle each time.
  const sessionQuery = db
    .select({
      id: user.id,
      email: user.email,
      sessionId: session.id,
      createdAt: session.createdAt,
      expiresAt: session.expiresAt,
    })
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

    /** A person's address as it is now and whether it is verified (the moderator check: plugins/route-auth.ts). */
    async accountOf(id: string) {
      const [row] = await db
        .select({ email: user.email, emailVerified: user.emailVerified })
        .from(user)
        .where(eq(user.id, id))
      return row
    },

    /** Deletes a session, signing it out everywhere. */
    async endSession(token: string) {
      await db.delete(session).where(eq(session.token, token))
    },

    /**
     * Deletes a person and everything of theirs in one transaction: their likes first take their count off the
     * listings they liked (so others' counts stay true), their messages go (account-deletion.ts), then the user row
     * goes and the database's cascades take their listings (with others' likes of them), sessions and accounts. Locking the user row first waits for a
     * like of theirs in flight, and makes a later one fail its foreign-key check instead of leaving a count behind.
     */
    /** Deletes the person and everything of theirs; answers the ids of the listings that went with them. */
    async deleteAccount(id: string): Promise<string[]> {
      const listingIds = await db.transaction(async (tx) => {
        await tx.select({ id: user.id }).from(user).where(eq(user.id, id)).for('update')
        const owned = await tx.select({ id: listing.id }).from(listing).where(eq(listing.ownerId, id))
        await tx
          .update(listing)
          // An unlike isn't an edit: updated_at stays (Drizzle would otherwise set it).
          .set({ likes: sql`greatest(${listing.likes} - 1, 0)`, updatedAt: sql`${listing.updatedAt}` })
          .where(
            inArray(
              listing.id,
              tx.select({ id: listingLike.listingId }).from(listingLike).where(eq(listingLike.userId, id)),
            ),
          )
        await deleteConversationsOf(tx, id)
        await tx.delete(user).where(eq(user.id, id))
        return owned.map((row) => row.id)
      })
      counts.clear()
      return listingIds
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
