import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { CONVERSATION_SUBJECTS, EVENT_TYPES, MESSAGE_KINDS, MESSAGE_MAX } from '#shared/conversations.ts'
import { sqlList } from '../sql.ts'
import { user } from './auth.ts'
import { listing } from './listings.ts'
import { seekerAd } from './seeker-ads.ts'

/**
 * Two people talking about one listing or one room-wanted ad (docs/architecture.md §3.4). `seeker` is the person
 * looking for a room, `poster` the one who has it: about a listing the seeker writes first, about an ad the poster
 * does. `about` says which column names the subject. A deleted listing or ad leaves the conversation (its column
 * null); a deleted account leaves its side null.
 */
export const conversation = pgTable(
  'conversation',
  {
    id: uuid().primaryKey().defaultRandom(),
    about: text({ enum: CONVERSATION_SUBJECTS }).notNull().default('listing'),
    listingId: uuid().references(() => listing.id, { onDelete: 'set null' }),
    seekerAdId: uuid().references(() => seekerAd.id, { onDelete: 'set null' }),
    seekerId: text().references(() => user.id, { onDelete: 'set null' }),
    posterId: text().references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** When the person contacted first wrote back (the message statement sets it; "replied"). */
    repliedAt: timestamp({ withTimezone: true }),
    /** When the person contacted said "not a fit": from then on neither can send. */
    declinedAt: timestamp({ withTimezone: true }),
    /** When the person contacted said they moved in together (docs/decisions/092). */
    movedInAt: timestamp({ withTimezone: true }),
    /** When the person who started it confirmed the move-in: from then on each may review the other. */
    movedInConfirmedAt: timestamp({ withTimezone: true }),
    /** The subject's title as it was when it was deleted (a trigger keeps it; docs/decisions/086). */
    keptTitle: text(),
  },
  (table) => [
    check('conversation_about', sql`${table.about} in ('listing', 'seeker_ad')`),
    check(
      'conversation_moved_in',
      sql`${table.movedInConfirmedAt} is null or ${table.movedInAt} is not null`,
    ),
    // One conversation per listing and seeker, and per ad and poster.
    uniqueIndex('conversation_listing_seeker_idx')
      .on(table.listingId, table.seekerId)
      .where(sql`${table.about} = 'listing'`),
    // Not partial, unlike the listing's: a listing conversation's seeker_ad_id is null and never conflicts, and
    // the ad's deletion (set null) finds its conversations through it.
    uniqueIndex('conversation_seeker_ad_poster_idx').on(table.seekerAdId, table.posterId),
    // A deleted account's side is set null through these.
    index('conversation_seeker_id_idx').on(table.seekerId),
    index('conversation_poster_id_idx').on(table.posterId),
  ],
)

/**
 * One participant's side of a conversation: what the inbox lists and sorts (newest activity first, by the last
 * message's id), what they have read, and their unread count. The message statement keeps both sides up to date
 * in the same transaction, so an inbox page and the unread badge read only these rows.
 */
export const conversationMember = pgTable(
  'conversation_member',
  {
    conversationId: uuid()
      .notNull()
      .references(() => conversation.id, { onDelete: 'cascade' }),
    userId: text()
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** The other participant; null once their account is deleted. */
    otherId: text().references(() => user.id, { onDelete: 'set null' }),
    lastMessageId: bigint({ mode: 'number' }).notNull(),
    /** Every message up to this id has been read by this participant. */
    readId: bigint({ mode: 'number' }).notNull().default(0),
    unread: integer().notNull().default(0),
    /** When the oldest unread message arrived; null when nothing is unread. */
    unreadSince: timestamp({ withTimezone: true }),
    /** When the unread-message mail about this conversation was sent; cleared by reading it. */
    mailedAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.conversationId, table.userId] }),
    check('conversation_member_unread', sql`${table.unread} >= 0`),
    index('conversation_member_inbox_idx').on(table.userId, table.lastMessageId.desc()),
    index('conversation_member_unread_idx')
      .on(table.userId, table.unread)
      .where(sql`${table.unread} > 0`),
    index('conversation_member_mail_idx')
      .on(table.unreadSince)
      .where(sql`${table.unreadSince} is not null and ${table.mailedAt} is null`),
    index('conversation_member_other_idx').on(table.otherId),
  ],
)

/**
 * A message: a person's text, as they wrote it, or an event Nestmate writes into the conversation (a viewing
 * booked, "not a fit", the room taken: `kind` 'event', `event_type`, no sender and no text). Ids increase in the
 * order each person's messages commit.
 */
export const message = pgTable(
  'message',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    conversationId: uuid()
      .notNull()
      .references(() => conversation.id, { onDelete: 'cascade' }),
    /** The person who wrote it; null for an event. */
    senderId: text().references(() => user.id, { onDelete: 'cascade' }),
    body: text().notNull(),
    shielded: boolean().notNull().default(false),
    /** Asks for money while no viewing in the conversation has been done: shown with its own note (decision 090). */
    moneyAsk: boolean().notNull().default(false),
    kind: text({ enum: MESSAGE_KINDS }).notNull().default('text'),
    eventType: text({ enum: EVENT_TYPES }),
    /** The viewing an event is about (the viewings' own table holds it). */
    viewingId: uuid(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check(
      'message_body',
      sql`${table.kind} = 'event' or char_length(${table.body}) between 1 and ${sql.raw(String(MESSAGE_MAX))}`,
    ),
    check(
      'message_kind',
      sql`(${table.kind} = 'text' and ${table.senderId} is not null and ${table.eventType} is null and ${table.viewingId} is null)
        or (${table.kind} = 'event' and ${table.senderId} is null and ${table.body} = '' and not ${table.shielded}
          and ${table.eventType} in (${sqlList(EVENT_TYPES)}))`,
    ),
    index('message_conversation_id_idx').on(table.conversationId, table.id),
    index('message_sender_id_idx').on(table.senderId),
  ],
)

/** A person who blocked another: no new messages either way between them. */
export const userBlock = pgTable(
  'user_block',
  {
    blockerId: text()
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    blockedId: text()
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.blockerId, table.blockedId] }),
    index('user_block_blocked_id_idx').on(table.blockedId),
  ],
)

/**
 * A conversation whose subject stopped being on offer (Not Available, hidden, paused, deleted), written by triggers
 * on `listing` and `seeker_ad` in that transaction: the room-taken job adds the event (`evented`), then mails the
 * person who asked once, and deletes the row (docs/decisions/086).
 */
export const roomTakenNotice = pgTable('room_taken_notice', {
  id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  conversationId: uuid()
    .notNull()
    .references(() => conversation.id, { onDelete: 'cascade' }),
  evented: boolean().notNull().default(false),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
})
