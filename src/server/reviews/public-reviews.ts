import { sql } from 'drizzle-orm'
import type { PersonProfile, Ratings, Review } from '#shared/people.ts'
import type { Database } from '../db/client.ts'
import { rowsOf } from '../db/sql.ts'
import { reviewShown } from './review-rules.ts'

type Executor = Pick<Database, 'execute'>
/** A person's shown reviews: how many, each rating's average (one decimal), and all four averaged (badges). */
export type ReviewSummary = { count: number; average: Ratings | null; overall: number | null }

const avg = (column: string) => sql.raw(`round(avg(r.${column}), 1)::float8`)

/**
 * A person's review count and averages over the reviews shown on their profile (published, not hidden): what a
 * badge says ("4.6 (3 reviews)").
 */
export async function reviewSummary(db: Executor, personId: string): Promise<ReviewSummary> {
  const [row] = await rowsOf<{ count: number } & Ratings & { overall: number | null }>(
    db,
    sql`select count(*)::int as count, ${avg('tidy')} as tidy, ${avg('bills')} as bills,
        ${avg('considerate')} as considerate, ${avg('communication')} as communication,
        round(avg((r.tidy + r.bills + r.considerate + r.communication) / 4.0), 1)::float8 as overall
      from review r where r.subject_id = ${personId} and ${reviewShown}`,
  )
  if (!row || row.count === 0) return { count: 0, average: null, overall: null }
  const { count, overall, ...average } = row
  return { count, average, overall }
}

/** The profile's `reviews`: the summary and the shown reviews, newest first, each with its author's name. */
export async function publicReviews(db: Executor, personId: string): Promise<PersonProfile['reviews']> {
  const [summary, items] = await Promise.all([
    reviewSummary(db, personId),
    rowsOf<Review>(
      db,
      sql`select r.id as "_id", a.name as "authorName", r.tidy, r.bills, r.considerate, r.communication, r.text,
          r.reply, to_char(r.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt"
        from review r join "user" a on a.id = r.author_id
        where r.subject_id = ${personId} and ${reviewShown} order by r.created_at desc, r.id`,
    ),
  ])
  return { count: summary.count, average: summary.average, items }
}
