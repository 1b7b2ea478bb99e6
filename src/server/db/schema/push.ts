import { sql } from 'drizzle-orm'
import { bigserial, check, index, integer, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core'
import { PUSH_KINDS } from '#shared/push.ts'
import { user } from './auth.ts'
import { sqlList } from '../sql.ts'

/**
 * A device that receives pushes (docs/architecture.md §3.1, decision 099): a browser's push subscription, its
 * owner and the kinds it is told of. One row per endpoint: the same browser subscribed by another person (a shared
 * computer) moves to them.
 */
export const pushSubscription = pgTable(
  'push_subscription',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: text()
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    endpoint: text().notNull().unique(),
    p256dh: text().notNull(),
    auth: text().notNull(),
    kinds: text().array().notNull(),
    /** The browser and system as its User-Agent said at subscription ("Chrome on Android"). */
    device: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** When a push service last accepted a push for it. */
    lastUsedAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    index('push_subscription_user').on(table.userId),
    check('push_subscription_kinds', sql`${table.kinds} <@ array[${sqlList(PUSH_KINDS)}]::text[]`),
  ],
)

/**
 * Pushes waiting to go (src/server/push/push-job.ts): one row per event and device, queued in the transaction that
 * made the event; deleted once its push service answered. `attempts` and `due_at` are the backoff of failures.
 */
export const pushOutbox = pgTable(
  'push_outbox',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    subscriptionId: uuid()
      .notNull()
      .references(() => pushSubscription.id, { onDelete: 'cascade' }),
    eventKey: text().notNull(),
    title: text().notNull(),
    body: text().notNull(),
    url: text().notNull(),
    attempts: integer().notNull().default(0),
    dueAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('push_outbox_once').on(table.subscriptionId, table.eventKey),
    index('push_outbox_due').on(table.dueAt, table.id),
  ],
)
