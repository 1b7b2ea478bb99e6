import { eq, sql } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import { session, user } from '../../db/schema/index.ts'

export function createUsersRepository(db: Database) {
  return {
    /** Public records, newest first; the last sign-in is the latest session's start. */
    async list(limit: number) {
      return db
        .select({
          id: user.id,
          name: user.name,
          email: user.email,
          image: user.image,
          createdAt: user.createdAt,
          lastSignIn: sql<
            Date | string | null
          >`(select max(${session.createdAt}) from ${session} where ${session.userId} = ${user.id})`,
        })
        .from(user)
        .orderBy(sql`${user.createdAt} desc`)
        .limit(limit)
    },

    async updateProfile(id: string, profile: { name: string; image: string | null }) {
      await db.update(user).set(profile).where(eq(user.id, id))
    },

    async count(): Promise<number> {
      const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(user)
      return row?.count ?? 0
    },
  }
}

export type UsersRepository = ReturnType<typeof createUsersRepository>
