import { sql } from 'drizzle-orm'
import type { NewReview } from '#shared/reviews.ts'
import type { Database } from '../../db/client.ts'
import { rowsOf, type Transaction } from '../../db/sql.ts'
import { appendConversationEvent } from '../../conversations/conversation-events.ts'
import { starter } from '../../conversations/enquiry-state.ts'
import { mayReview, reviewPublished, reviewShown } from '../../reviews/review-rules.ts'

// Moving in and reviews (docs/api.md, Reviews; docs/decisions/092): the only code that writes `review` and the
// conversation's move-in columns.

/** Why a move-in step was refused: no such conversation, someone else's, the wrong person, or out of turn. */
export type MoveInRefusal = 'missing' | 'not-member' | 'gone' | 'wrong-side' | 'not-marked' | 'done-before'
export type ReviewRefusal = 'missing' | 'not-member' | 'gone' | 'not-confirmed' | 'closed' | 'written-before'

type Side = { otherId: string | null; isStarter: boolean; movedIn: boolean; confirmed: boolean }

/** The caller's side of conversation `id`, its row locked so two steps on one conversation take turns. */
async function sideOf(tx: Transaction, id: string, userId: string): Promise<Side | 'missing' | 'not-member'> {
  const [row] = await rowsOf<Side & { member: boolean }>(
    tx,
    sql`select side.user_id is not null as member, side.other_id as "otherId",
        coalesce(${starter} = ${userId}, false) as "isStarter",
        c.moved_in_at is not null as "movedIn", c.moved_in_confirmed_at is not null as confirmed
      from conversation c
      left join conversation_member side on side.conversation_id = c.id and side.user_id = ${userId}
      where c.id = ${id} for update of c`,
  )
  if (!row) return 'missing'
  return row.member ? row : 'not-member'
}

export function createReviewsRepository(db: Database) {
  /** One move-in step by the person whose turn it is, with its event in the conversation. */
  const step = (id: string, userId: string, confirm: boolean) =>
    db.transaction(async (tx): Promise<'done' | MoveInRefusal> => {
      const side = await sideOf(tx, id, userId)
      if (typeof side === 'string') return side
      if (!side.otherId) return 'gone'
      // The person contacted says it (they know who moved into their room, or whose room they took); the other confirms.
      if (side.isStarter !== confirm) return 'wrong-side'
      if (confirm ? side.confirmed : side.movedIn) return 'done-before'
      if (confirm && !side.movedIn) return 'not-marked'
      await tx.execute(
        confirm
          ? sql`update conversation set moved_in_confirmed_at = now() where id = ${id}`
          : sql`update conversation set moved_in_at = now() where id = ${id}`,
      )
      await appendConversationEvent(tx, {
        conversationId: id,
        type: confirm ? 'moved_in_confirmed' : 'moved_in',
      })
      return 'done'
    })

  return {
    /** "We moved in", by the person contacted. */
    markMovedIn: (id: string, userId: string) => step(id, userId, false),
    /** The confirmation, by the person who started the conversation. */
    confirmMovedIn: (id: string, userId: string) => step(id, userId, true),

    /**
     * The caller's review of the other person: written only while `mayReview` holds (checked in the insert itself,
     * so it can't pass between a check and the write); a second one by the same person is refused by the unique
     * index, however close together they come.
     */
    write: (authorId: string, input: NewReview) =>
      db.transaction(async (tx): Promise<{ _id: string; published: boolean } | ReviewRefusal> => {
        const side = await sideOf(tx, input.conversationId, authorId)
        if (typeof side === 'string') return side
        if (!side.otherId) return 'gone'
        if (!side.confirmed) return 'not-confirmed'
        const [written] = await rowsOf<{ id: string }>(
          tx,
          sql`insert into review (conversation_id, author_id, subject_id, tidy, bills, considerate, communication, text)
            select c.id, ${authorId}, ${side.otherId}, ${input.tidy}, ${input.bills}, ${input.considerate},
              ${input.communication}, ${input.text}
            from conversation c where c.id = ${input.conversationId} and ${mayReview(authorId)}
            on conflict (conversation_id, author_id) do nothing returning id`,
        )
        if (!written) {
          const [mine] = await rowsOf(
            tx,
            sql`select 1 from review where conversation_id = ${input.conversationId} and author_id = ${authorId}`,
          )
          return mine ? 'written-before' : 'closed'
        }
        const [state] = await rowsOf<{ published: boolean }>(
          tx,
          sql`select ${reviewPublished} as published from review r where r.id = ${written.id}`,
        )
        return { _id: written.id, published: state!.published }
      }),

    /**
     * The reviewed person's one reply to a review of them that is shown: 'missing' when there is none for them to
     * answer, 'replied-before' when they did.
     */
    async reply(
      reviewId: string,
      userId: string,
      text: string,
    ): Promise<'done' | 'missing' | 'replied-before'> {
      // Two replies at once: the second waits for the first's row lock, then finds a reply and writes nothing.
      const [row] = await rowsOf<{ written: boolean }>(
        db,
        sql`with target as (
            select r.id from review r
            where r.id = ${reviewId} and r.subject_id = ${userId} and ${reviewShown}
          ), written as (
            update review set reply = ${text}, replied_at = now()
            where id = (select id from target) and reply is null returning id
          )
          select exists (select 1 from written) as written from target`,
      )
      if (!row) return 'missing'
      return row.written ? 'done' : 'replied-before'
    },
  }
}

export type ReviewsRepository = ReturnType<typeof createReviewsRepository>
