import { sql, type SQL } from 'drizzle-orm'
import { REVIEW_LIMITS } from '#shared/reviews.ts'

// The review rules as SQL (docs/decisions/092), one fragment each, which every read and write uses: the conversation
// header's "Write a review", the write itself, the profile and the stats badges can't disagree.

const days = (count: number) => sql.raw(`interval '${count} days'`)

/** A conversation `c`'s move-in, in words: `no`, `marked` (said by the person contacted), `confirmed`. */
export const movedInState = sql`case when c.moved_in_confirmed_at is not null then 'confirmed'
  when c.moved_in_at is not null then 'marked' else 'no' end`

/**
 * Whether `author` may write their review in conversation `c` now: the move-in is confirmed, less than 60 days ago,
 * they haven't written one, and the other's review isn't published alone yet (after that, theirs could answer it).
 */
export const mayReview = (author: SQL | ReturnType<typeof sql.placeholder> | string) => sql`(
  c.moved_in_confirmed_at is not null
  and c.moved_in_confirmed_at > now() - ${days(REVIEW_LIMITS.days)}
  and not exists (select 1 from review mine where mine.conversation_id = c.id and mine.author_id = ${author})
  and not exists (select 1 from review theirs where theirs.conversation_id = c.id and theirs.author_id <> ${author}
    and theirs.created_at <= now() - ${days(REVIEW_LIMITS.blindDays)}))`

/**
 * Review `r` is published: the other person's review of the same move-in exists, or it is 14 days old. A read-time
 * rule: no job has to run for a review to appear on time.
 */
export const reviewPublished = sql`(r.created_at <= now() - ${days(REVIEW_LIMITS.blindDays)}
  or exists (select 1 from review other where other.conversation_id = r.conversation_id
    and other.author_id = r.subject_id))`

/** Review `r` is shown on its subject's profile: published and not hidden by a moderator. */
export const reviewShown = sql`(r.moderator_hidden_at is null and ${reviewPublished})`
