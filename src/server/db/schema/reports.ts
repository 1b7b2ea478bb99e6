import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  check,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { MODERATION_ACTIONS } from '#shared/moderation.ts'
import {
  REPORT_NOTE_MAX,
  REPORT_REASONS,
  REPORT_TARGET_KINDS,
  SYSTEM_REPORT_REASONS,
} from '#shared/reports.ts'
import { user } from './auth.ts'
import { sqlList } from '../sql.ts'

/**
 * A report to the moderators: who reported what (a kind and the target's id, as text: message ids are numbers,
 * listing ids uuids, people's ids text), why, and where it stands. One open report per reporter and target. A
 * reporter's deleted account leaves the report (reporter null); the moderation queue reads `status`. The system's
 * own reports (`is_system`, no reporter) say why in their note and never count toward hiding a listing.
 */
export const report = pgTable(
  'report',
  {
    id: uuid().primaryKey().defaultRandom(),
    reporterId: text().references(() => user.id, { onDelete: 'set null' }),
    targetKind: text({ enum: REPORT_TARGET_KINDS }).notNull(),
    targetId: text().notNull(),
    reason: text({ enum: [...REPORT_REASONS, ...SYSTEM_REPORT_REASONS] }).notNull(),
    isSystem: boolean().notNull().default(false),
    note: text().notNull().default(''),
    status: text({ enum: ['open', 'dismissed', 'actioned'] })
      .notNull()
      .default('open'),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (table) => [
    check('report_target_kind', sql`${table.targetKind} in (${sqlList(REPORT_TARGET_KINDS)})`),
    check(
      'report_reason',
      sql`${table.reason} in (${sqlList([...REPORT_REASONS, ...SYSTEM_REPORT_REASONS])})`,
    ),
    check('report_status', sql`${table.status} in ('open', 'dismissed', 'actioned')`),
    check('report_note', sql`char_length(${table.note}) <= ${sql.raw(String(REPORT_NOTE_MAX))}`),
    uniqueIndex('report_open_idx')
      .on(table.reporterId, table.targetKind, table.targetId)
      .where(sql`${table.status} = 'open'`),
    // The system files one report per target and signal, ever: a dismissed signal is not filed again (decision 051).
    uniqueIndex('report_system_idx')
      .on(table.targetKind, table.targetId, table.reason)
      .where(sql`${table.isSystem}`),
    index('report_queue_idx').on(table.status, table.createdAt),
    // The moderation queue walks the open reports newest first, one at a time (docs/decisions/054).
    index('report_open_walk_idx')
      .on(table.createdAt, table.id)
      .where(sql`${table.status} = 'open'`),
    index('report_target_idx').on(table.targetKind, table.targetId),
    // A person's reports of the last hour, for their hourly limit (docs/decisions/071).
    index('report_reporter_idx').on(table.reporterId, table.createdAt),
  ],
)

/**
 * Every moderator decision: who (their id, and their address as it was, which outlives a deleted account), what,
 * on what, why, and when. Written in the same transaction as the decision itself.
 */
export const moderationAction = pgTable(
  'moderation_action',
  {
    id: uuid().primaryKey().defaultRandom(),
    moderatorId: text().references(() => user.id, { onDelete: 'set null' }),
    moderatorEmail: text().notNull(),
    action: text({ enum: MODERATION_ACTIONS }).notNull(),
    targetKind: text({ enum: REPORT_TARGET_KINDS }).notNull(),
    targetId: text().notNull(),
    reason: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('moderation_action_action', sql`${table.action} in (${sqlList(MODERATION_ACTIONS)})`),
    index('moderation_action_created_at_idx').on(table.createdAt),
  ],
)

/**
 * A reported message as the moderators' queue shows it (with the messages around it), kept when its sender's
 * account is deleted, which deletes every message they sent (docs/decisions/072). The queue reads it while the
 * message is gone; the cleanup job deletes it after `kept_until`.
 */
export const keptMessage = pgTable(
  'kept_message',
  {
    messageId: bigint({ mode: 'number' }).primaryKey(),
    context: jsonb().notNull(),
    keptUntil: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [index('kept_message_kept_until_idx').on(table.keptUntil)],
)

/**
 * A listing or a room-wanted ad just hidden by reports or a moderator, waiting for its owner's one mail (decision
 * 084). Written by the trigger on `hidden_reason` (migration 0023), in the transaction that hides, so every way of
 * hiding queues it and a rollback queues nothing; the `hidden-notice` job mails it (claim key `hidden:<id>`) and
 * deletes the row.
 */
export const hideNotice = pgTable('hide_notice', {
  id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  targetKind: text({ enum: ['listing', 'seeker_ad'] }).notNull(),
  targetId: uuid().notNull(),
  hiddenReason: text({ enum: ['reports', 'moderator'] }).notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
})
