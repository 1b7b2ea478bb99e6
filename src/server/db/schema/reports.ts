import { sql } from 'drizzle-orm'
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { REPORT_NOTE_MAX, REPORT_REASONS, REPORT_TARGET_KINDS } from '#shared/reports.ts'
import { user } from './auth.ts'

const sqlList = (values: readonly string[]) => sql.raw(values.map((value) => `'${value}'`).join(', '))

/**
 * A report to the moderators: who reported what (a kind and the target's id, as text: message ids are numbers,
 * listing ids uuids, people's ids text), why, and where it stands. One open report per reporter and target. A
 * reporter's deleted account leaves the report (reporter null); the moderation queue reads `status`.
 */
export const report = pgTable(
  'report',
  {
    id: uuid().primaryKey().defaultRandom(),
    reporterId: text().references(() => user.id, { onDelete: 'set null' }),
    targetKind: text({ enum: REPORT_TARGET_KINDS }).notNull(),
    targetId: text().notNull(),
    reason: text({ enum: REPORT_REASONS }).notNull(),
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
    check('report_reason', sql`${table.reason} in (${sqlList(REPORT_REASONS)})`),
    check('report_status', sql`${table.status} in ('open', 'dismissed', 'actioned')`),
    check('report_note', sql`char_length(${table.note}) <= ${sql.raw(String(REPORT_NOTE_MAX))}`),
    uniqueIndex('report_open_idx')
      .on(table.reporterId, table.targetKind, table.targetId)
      .where(sql`${table.status} = 'open'`),
    index('report_queue_idx').on(table.status, table.createdAt),
    index('report_target_idx').on(table.targetKind, table.targetId),
  ],
)
