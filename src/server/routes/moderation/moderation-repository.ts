import { sql, type SQL } from 'drizzle-orm'
import { photoUrl } from '#shared/photos.ts'
import type { HiddenReason, ReportTargetKind } from '#shared/reports.ts'
import type { ModerationAction, Queue, QueueEntry } from '#shared/moderation.ts'
import type { Database } from '../../db/client.ts'
import { rowsOf } from '../../db/sql.ts'
import { floodsStatement, QUEUE_TARGETS, queueStatement } from './moderation-queries.ts'
import { encodeQueueCursor, type QueueCursor } from './queue-cursor.ts'

export type Moderator = { id: string; email: string }
type Action = ModerationAction['action']
/** What a moderator can hide: a listing or a room-wanted ad (the table of each is named as its report kind). */
export type HideableKind = 'listing' | 'seeker_ad'

// A target id is text of any kind's shape: it is cast only where it has that shape, so each lookup uses its key.
const UUID_SHAPE = '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
const asUuid = sql`case when a.target_id ~ ${UUID_SHAPE} then a.target_id::uuid end`
/** The logged thing's name as it is now (moderation_action `a`); null when it has gone. */
const targetNameSql = sql`case a.target_kind
    when 'listing' then (select title from listing where id = ${asUuid})
    when 'seeker_ad' then (select headline from seeker_ad where id = ${asUuid})
    when 'user' then (select name from "user" where id = a.target_id)
    when 'reference' then (select referee_name from reference where id = ${asUuid})
    when 'review' then (select u.name from review r join "user" u on u.id = r.author_id where r.id = ${asUuid})
    when 'message' then (select u.name from message m join "user" u on u.id = m.sender_id
      where m.id = case when a.target_id ~ '^[0-9]{1,18}$' then a.target_id::bigint end)
  end`

const iso = (value: unknown) => new Date(value as string).toISOString()

type QueueRow = Omit<QueueEntry, 'target'> & { target: (Record<string, unknown> & { kind: string }) | null }
/** Where a row stands in the queue's order, for the next page's cursor. */
type PagedRow = { hiddenFirst: boolean; latestExact: string; latestId: string }

/** A queue row as the API answers it: times in ISO form, a listing's photos as URLs. */
function entryOf(row: QueueRow): QueueEntry {
  const target = row.target
  let shaped: QueueEntry['target'] = null
  if (target?.kind === 'listing') {
    const { photoRows, ...rest } = target as unknown as {
      photoRows: { key: string; width: number; height: number }[]
    }
    shaped = {
      ...(rest as object),
      photos: photoRows.map((photo) => ({
        url: photoUrl(String(target.id), photo.key, photo.width),
        width: photo.width,
        height: photo.height,
      })),
    } as QueueEntry['target']
  } else if (target?.kind === 'seeker_ad' || target?.kind === 'reference' || target?.kind === 'review') {
    shaped = target as unknown as QueueEntry['target']
  } else if (target?.kind === 'user') {
    shaped = { ...target, createdAt: iso(target.createdAt) } as QueueEntry['target']
  } else if (target?.kind === 'message') {
    const around = (target.around as { createdAt: string }[]).map((m) => ({
      ...m,
      createdAt: iso(m.createdAt),
    }))
    shaped = { ...target, around } as QueueEntry['target']
  }
  return {
    ...row,
    latestAt: iso(row.latestAt),
    reports: row.reports.map((report) => ({ ...report, createdAt: iso(report.createdAt) })),
    target: shaped,
  }
}

/**
 * The moderators' reads and decisions. Each decision is one transaction: the change, the open reports it settles,
 * and its line in the action log (who, what, on what, why, when).
 */
/**
 * `onShownChanged` runs after each decision that may have hidden or shown listings or ads (every one but a
 * dismissal), so this process's counts and best-match prefixes don't keep what others may no longer see, or miss what
 * they may see again.
 */
export function createModerationRepository(db: Database, onShownChanged: () => void = () => {}) {
  const log = (
    tx: Pick<Database, 'execute'>,
    by: Moderator,
    action: Action,
    kind: ReportTargetKind,
    id: string,
    reason: string,
  ) =>
    tx.execute(sql`insert into moderation_action (moderator_id, moderator_email, action, target_kind, target_id, reason)
      values (${by.id}, ${by.email}, ${action}, ${kind}, ${id}, ${reason})`)
  const settle = (
    tx: Pick<Database, 'execute'>,
    kind: ReportTargetKind,
    id: string,
    status: 'dismissed' | 'actioned',
  ) =>
    tx.execute(sql`update report set status = ${status}, updated_at = now()
      where status = 'open' and target_kind = ${kind} and target_id = ${id}`)

  /** Runs `change` (which answers the rows it changed) and, when it changed one, settles and logs: else null. */
  async function decide<Row>(
    by: Moderator,
    action: Action,
    kind: ReportTargetKind,
    id: string,
    reason: string,
    change: SQL,
    status: 'dismissed' | 'actioned',
  ): Promise<Row | null> {
    const decided = await db.transaction(async (tx) => {
      const [row] = await rowsOf<Row>(tx, change)
      if (!row) return null
      await settle(tx, kind, id, status)
      await log(tx, by, action, kind, id, reason)
      return row
    })
    if (decided) onShownChanged()
    return decided
  }

  return {
    /** A page of the queue after `cursor` (null: the first, which also names the floods). */
    async queue(cursor: QueueCursor | null): Promise<Queue> {
      const [rows, [count], floods] = await Promise.all([
        rowsOf<QueueRow & PagedRow>(db, queueStatement(cursor)),
        rowsOf<{ open: number }>(db, sql`select count(*)::int as open from report where status = 'open'`),
        cursor ? [] : rowsOf<Queue['floods'][number]>(db, floodsStatement),
      ])
      const page = rows.slice(0, QUEUE_TARGETS)
      const last = page.at(-1)
      return {
        entries: page.map(({ hiddenFirst: _h, latestExact: _e, latestId: _i, ...row }) => entryOf(row)),
        openReports: count?.open ?? 0,
        nextCursor:
          rows.length > QUEUE_TARGETS && last
            ? encodeQueueCursor({ hiddenFirst: last.hiddenFirst, at: last.latestExact, id: last.latestId })
            : null,
        floods,
      }
    },

    async actions(): Promise<ModerationAction[]> {
      const rows = await rowsOf<ModerationAction>(
        db,
        sql`select a.id, a.action, a.target_kind as "targetKind", a.target_id as "targetId",
            ${targetNameSql} as "targetName", a.moderator_email as moderator, a.reason, a.created_at as "createdAt"
          from moderation_action a order by a.created_at desc limit 100`,
      )
      return rows.map((row) => ({ ...row, createdAt: iso(row.createdAt) }))
    },

    /** Hides a listing or a room-wanted ad (its open reports are then actioned); null: no such thing. */
    hide: (by: Moderator, kind: HideableKind, id: string, reason: string) =>
      decide<{ hiddenReason: HiddenReason }>(
        by,
        'hide',
        kind,
        id,
        reason,
        sql`update ${sql.identifier(kind)} set hidden_reason = 'moderator' where id = ${id}
          returning hidden_reason as "hiddenReason"`,
        'actioned',
      ),

    /**
     * Shows a listing or an ad again (its open reports are then dismissed): unless its owner is suspended, which
     * keeps it hidden for that reason. null: no such thing.
     */
    unhide: (by: Moderator, kind: HideableKind, id: string, reason: string) =>
      decide<{ hiddenReason: HiddenReason | null }>(
        by,
        'unhide',
        kind,
        id,
        reason,
        sql`update ${sql.identifier(kind)} t
          set hidden_reason = case when o.suspended_at is null then null else 'suspended' end
          from "user" o where t.id = ${id} and o.id = t.owner_id returning t.hidden_reason as "hiddenReason"`,
        'dismissed',
      ),

    /**
     * Hides a reference or a review from its subject's profile (its open reports are then actioned), or shows it
     * again (dismissed). null: no such thing.
     */
    moderate: (by: Moderator, kind: 'reference' | 'review', id: string, hidden: boolean, reason: string) =>
      decide<{ hidden: boolean }>(
        by,
        hidden ? 'hide' : 'unhide',
        kind,
        id,
        reason,
        sql`update ${sql.identifier(kind)} set moderator_hidden_at = ${hidden ? sql`coalesce(moderator_hidden_at, now())` : null}
          where id = ${id} returning moderator_hidden_at is not null as hidden`,
        hidden ? 'actioned' : 'dismissed',
      ),

    /**
     * Suspends a person: they can't sign in, every session of theirs ends, and their shown listings and ad are
     * hidden.
     * The caller forgets the sessions this process remembers. null: no such person.
     */
    suspend: (by: Moderator, personId: string, reason: string) =>
      decide<{ id: string }>(
        by,
        'suspend',
        'user',
        personId,
        reason,
        sql`with person as (update "user" set suspended_at = coalesce(suspended_at, now()) where id = ${personId}
              returning id),
            signed_out as (delete from session where user_id in (select id from person)),
            hidden as (update listing set hidden_reason = 'suspended'
              where owner_id in (select id from person) and hidden_reason is null),
            ad_hidden as (update seeker_ad set hidden_reason = 'suspended'
              where owner_id in (select id from person) and hidden_reason is null)
          select id from person`,
        'actioned',
      ),

    /** Lifts a suspension; the listings and ad it hid are shown again (a moderator's own hide stays). */
    unsuspend: (by: Moderator, personId: string, reason: string) =>
      decide<{ id: string }>(
        by,
        'unsuspend',
        'user',
        personId,
        reason,
        sql`with person as (update "user" set suspended_at = null where id = ${personId} returning id),
            shown as (update listing set hidden_reason = null
              where owner_id in (select id from person) and hidden_reason = 'suspended'),
            ad_shown as (update seeker_ad set hidden_reason = null
              where owner_id in (select id from person) and hidden_reason = 'suspended')
          select id from person`,
        'dismissed',
      ),

    /**
     * Dismisses the open reports on a thing; a listing or an ad the reports hid is shown again (a deleted ad's next
     * one too). Answers how many it
     * dismissed (0: nothing open, and nothing is logged).
     */
    async dismiss(by: Moderator, kind: ReportTargetKind, id: string, reason: string): Promise<number> {
      return db.transaction(async (tx) => {
        const dismissed = await rowsOf<{ id: string }>(
          tx,
          sql`update report set status = 'dismissed', updated_at = now()
            where status = 'open' and target_kind = ${kind} and target_id = ${id} returning id`,
        )
        if (dismissed.length === 0) return 0
        if (kind === 'listing' || kind === 'seeker_ad')
          await tx.execute(sql`update ${sql.identifier(kind)} set hidden_reason = null
            where id::text = ${id} and hidden_reason = 'reports'`)
        // An ad the reports hid and its writer deleted: their next ad is no longer born hidden (decision 072).
        if (kind === 'seeker_ad')
          await tx.execute(
            sql`delete from seeker_ad_hold where ad_id::text = ${id} and hidden_reason = 'reports'`,
          )
        await log(tx, by, 'dismiss', kind, id, reason)
        return dismissed.length
      })
    },

    /** Whether this person is suspended (sign-in refuses them). */
    async isSuspended(personId: string): Promise<boolean> {
      const [row] = await rowsOf<{ suspended: boolean }>(
        db,
        sql`select suspended_at is not null as suspended from "user" where id = ${personId}`,
      )
      return row?.suspended ?? false
    },
  }
}

export type ModerationRepository = ReturnType<typeof createModerationRepository>
