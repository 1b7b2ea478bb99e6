import { sql } from 'drizzle-orm'
import { REPORTS_PER_HOUR, REPORTS_TO_HIDE, type NewReport, type PersonShownOn } from '#shared/reports.ts'
import type { Database } from '../../db/client.ts'
import { rowsOf } from '../../db/sql.ts'
import { countingReporters } from './counting-reporters.ts'
import { referenceShown } from '../../references/public-references.ts'
import { reviewShown } from '../../reviews/review-rules.ts'

export type ReportOutcome =
  | { outcome: 'filed'; reportId: string }
  | { outcome: 'missing' | 'not-member' | 'own' | 'already' | 'limited' }

type Executor = Pick<Database, 'execute'>
type TargetCheck = { reportId: string | null; allowed: boolean; own: boolean }

/**
 * Files the report when the target (a CTE named `target`, one row with `allowed` and `own`) lets it, leaving an
 * open report by the same person on the same thing alone. `targetId` is the id it files, unless the target CTE
 * finds it (a person named through where they are shown).
 */
const fileWhen = (
  reporterId: string,
  report: NewReport,
  target: ReturnType<typeof sql>,
  targetId = sql`${String(report.targetId)}`,
) =>
  sql`with target as (${target}), filed as (
      insert into report (reporter_id, target_kind, target_id, reason, note)
      select ${reporterId}, ${report.targetKind}, ${targetId}, ${report.reason}, ${report.note}
      from target where allowed and not own
      on conflict (reporter_id, target_kind, target_id) where status = 'open' do nothing
      returning id
    )
    select (select id from filed) as "reportId", allowed, own from target`

function outcomeOf(row: TargetCheck | undefined): ReportOutcome {
  if (!row) return { outcome: 'missing' }
  if (!row.allowed) return { outcome: 'not-member' }
  if (row.own) return { outcome: 'own' }
  return row.reportId ? { outcome: 'filed', reportId: row.reportId } : { outcome: 'already' }
}

/** A room-wanted ad a reporter can see: an active one not hidden, or their own (which they can't report). */
const adTarget = (reporterId: string, id: unknown) =>
  sql`select owner_id = ${reporterId} as own, true as allowed, owner_id as person_id from seeker_ad
    where id = ${id} and ((status = 'active' and hidden_reason is null) or owner_id = ${reporterId})`

/**
 * The person shown on a listing (its poster), a room-wanted ad (its writer) or a conversation the reporter is in
 * (the other side), as a target CTE with `person_id`.
 */
function personShownOn(reporterId: string, via: { kind: PersonShownOn; id: string }) {
  if (via.kind === 'listing')
    return sql`select owner_id = ${reporterId} as own, true as allowed, owner_id as person_id from listing
      where id = ${via.id}`
  if (via.kind === 'seeker_ad') return adTarget(reporterId, via.id)
  return sql`select false as own, m.user_id is not null as allowed, m.other_id as person_id
    from conversation c left join conversation_member m on m.conversation_id = c.id and m.user_id = ${reporterId}
    where c.id = ${via.id} and (m.user_id is null or m.other_id is not null)`
}

/**
 * Whether this person filed REPORTS_PER_HOUR reports in the last hour. A person is their account, or when it is
 * verified every verified account of its mailbox (docs/decisions/071). Their lock is held to the end of the
 * transaction and taken before the count, a statement of its own, so the count sees every report the lock's last
 * holder filed: reports filed at once, in any number of processes, can't outrun it.
 */
async function atHourlyLimit(tx: Executor, reporterId: string): Promise<boolean> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended('report:' ||
      case when email_verified then mailbox(email) else id end, 0)) from "user" where id = ${reporterId}`)
  const [row] = await rowsOf<{ filed: number }>(
    tx,
    sql`select count(*)::int as filed from report r where r.created_at > now() - interval '1 hour'
      and (r.reporter_id = ${reporterId} or r.reporter_id in (
        select u.id from "user" me join "user" u on mailbox(u.email) = mailbox(me.email)
        where me.id = ${reporterId} and me.email_verified and u.email_verified))`,
  )
  return (row?.filed ?? 0) >= REPORTS_PER_HOUR
}

/**
 * Hides a listing or a room-wanted ad once REPORTS_TO_HIDE different people have open reports on it that count
 * (counting-reporters.ts: verified, one per mailbox, new to it since a moderator looked). Answers whether it hid it
 * now.
 */
async function hideWhenReported(tx: Executor, kind: 'listing' | 'seeker_ad', id: string): Promise<boolean> {
  const rows = await rowsOf<{ id: string }>(
    tx,
    sql`update ${sql.identifier(kind)} set hidden_reason = 'reports'
      where id = ${id} and hidden_reason is null
        and (select ${countingReporters} from report r join "user" u on u.id = r.reporter_id
             where r.target_kind = ${kind} and r.target_id = ${id} and r.status = 'open') >= ${REPORTS_TO_HIDE}
      returning id`,
  )
  return rows.length > 0
}

/** Files a report whose target the statement checks; a listing or an ad filed against may be hidden by it. */
async function fileChecked(tx: Executor, reporterId: string, report: NewReport): Promise<ReportOutcome> {
  const id = report.targetId
  if (report.targetKind === 'user' && report.via) {
    const shown = personShownOn(reporterId, report.via)
    const [row] = await rowsOf<TargetCheck>(tx, fileWhen(reporterId, report, shown, sql`person_id`))
    return outcomeOf(row)
  }
  const target =
    report.targetKind === 'message'
      ? sql`select m.sender_id = ${reporterId} as own, exists (select 1 from conversation_member side
            where side.conversation_id = m.conversation_id and side.user_id = ${reporterId}) as allowed
          from message m where m.id = ${id} and m.kind = 'text'`
      : report.targetKind === 'listing'
        ? sql`select owner_id = ${reporterId} as own, true as allowed from listing where id = ${id}`
        : report.targetKind === 'seeker_ad'
          ? adTarget(reporterId, id)
          : report.targetKind === 'reference'
            ? sql`select r.subject_id = ${reporterId} as own, true as allowed from reference r
                where r.id = ${id} and ${referenceShown}`
            : report.targetKind === 'review'
              ? sql`select r.author_id = ${reporterId} as own, true as allowed from review r
                  where r.id = ${id} and ${reviewShown}`
              : sql`select id = ${reporterId} as own, true as allowed from "user" where id = ${id}`
  const [row] = await rowsOf<TargetCheck>(tx, fileWhen(reporterId, report, target))
  const outcome = outcomeOf(row)
  if (outcome.outcome === 'filed' && (report.targetKind === 'listing' || report.targetKind === 'seeker_ad'))
    await hideWhenReported(tx, report.targetKind, String(id))
  return outcome
}

/** Reports to the moderators: the only code that writes `report` (moderation decides them: moderation-repository.ts). */
export function createReportsRepository(db: Database) {
  return {
    /**
     * Files a person's report, within their hourly limit, in one statement that checks the target: a message of a
     * conversation the reporter is in (not their own), a listing or a shown room-wanted ad that isn't theirs,
     * another person (by id, or through where they are shown), a reference or review a profile shows (not one
     * about the reporter, which they hide themselves; not a review they wrote).
     */
    file: (reporterId: string, report: NewReport): Promise<ReportOutcome> =>
      db.transaction(async (tx) =>
        (await atHourlyLimit(tx, reporterId)) ? { outcome: 'limited' } : fileChecked(tx, reporterId, report),
      ),
  }
}

export type ReportsRepository = ReturnType<typeof createReportsRepository>
