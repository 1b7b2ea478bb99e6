import { sql } from 'drizzle-orm'
import { boolean, index, integer, pgTable, text, timestamp, bigint } from 'drizzle-orm/pg-core'

// Better Auth's tables (user, session, account, verification, rate_limit), in the shape its Drizzle adapter
// expects; property names are Better Auth's field names, columns are snake_case.

const timestamps = {
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
}

export const user = pgTable(
  'user',
  {
    id: text().primaryKey(),
    name: text().notNull(),
    email: text().notNull().unique(),
    emailVerified: boolean().notNull().default(false),
    image: text(),
    /** A made-up person of the demo data (db/demo-data.ts): they and their listings are shown as examples. */
    isExample: boolean().notNull().default(false),
    /** Set by a moderator: the person can't sign in and their listings are hidden (docs/decisions/046). */
    suspendedAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  // The people behind one mailbox (`mailbox()`, defined by migration 0017: docs/decisions/071), for the report rules.
  (table) => [index('user_mailbox_idx').on(sql`mailbox(${table.email})`)],
)

export const session = pgTable(
  'session',
  {
    id: text().primaryKey(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    token: text().notNull().unique(),
    ipAddress: text(),
    userAgent: text(),
    userId: text()
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    ...timestamps,
  },
  // expires_at: the cleanup job finds expired sessions by it (src/server/cleanup/cleanup-job.ts).
  (table) => [
    index('session_user_id_idx').on(table.userId),
    index('session_expires_at_idx').on(table.expiresAt),
  ],
)

export const account = pgTable(
  'account',
  {
    id: text().primaryKey(),
    accountId: text().notNull(),
    providerId: text().notNull(),
    userId: text()
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    accessToken: text(),
    refreshToken: text(),
    idToken: text(),
    accessTokenExpiresAt: timestamp({ withTimezone: true }),
    refreshTokenExpiresAt: timestamp({ withTimezone: true }),
    scope: text(),
    password: text(),
    ...timestamps,
  },
  (table) => [index('account_user_id_idx').on(table.userId)],
)

export const verification = pgTable(
  'verification',
  {
    id: text().primaryKey(),
    identifier: text().notNull(),
    value: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    ...timestamps,
  },
  (table) => [
    index('verification_identifier_idx').on(table.identifier),
    index('verification_expires_at_idx').on(table.expiresAt),
  ],
)

/**
 * Fixed-window counters for Better Auth's sign-in limits and the API's per-user write limits. `last_request` is
 * milliseconds since 1970: the window's start for the API's counters, the last request for Better Auth's.
 */
export const rateLimit = pgTable(
  'rate_limit',
  {
    id: text().primaryKey(),
    key: text().notNull().unique(),
    count: integer().notNull(),
    lastRequest: bigint({ mode: 'number' }).notNull(),
  },
  (table) => [index('rate_limit_last_request_idx').on(table.lastRequest)],
)
