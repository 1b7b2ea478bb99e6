import { sql } from 'drizzle-orm'
import type { NewReport } from '#shared/reports.ts'
import type { Database } from '../../db/client.ts'
import { rowsOf } from '../conversations/message-writes.ts'

export type ReportOutcome =
  { outcome: 'filed'; reportId: string } | { outcome: 'missing' | 'not-member' | 'own' | 'already' }

/** Reports to the moderators: the only code that writes `report`. */
export function createReportsRepository(db: Database) {
  return {
    /**
     * Files a report of a message by a participant of its conversation (not its sender): one statement, which
     * checks both and leaves an open report by the same person alone.
     */
    async reportMessage(reporterId: string, report: NewReport): Promise<ReportOutcome> {
      const target = String(report.targetId)
      const [row] = await rowsOf<{ reportId: string | null; member: boolean; own: boolean }>(
        db,
        sql`with target as (
            select m.sender_id = ${reporterId} as own, exists (select 1 from conversation_member side
              where side.conversation_id = m.conversation_id and side.user_id = ${reporterId}) as member
            from message m where m.id = ${report.targetId}
          ), filed as (
            insert into report (reporter_id, target_kind, target_id, reason, note)
            select ${reporterId}, 'message', ${target}, ${report.reason}, ${report.note}
            from target where member and not own
            on conflict (reporter_id, target_kind, target_id) where status = 'open' do nothing
            returning id
          )
          select (select id from filed) as "reportId", member, own from target`,
      )
      if (!row) return { outcome: 'missing' }
      if (!row.member) return { outcome: 'not-member' }
      if (row.own) return { outcome: 'own' }
      return row.reportId ? { outcome: 'filed', reportId: row.reportId } : { outcome: 'already' }
    },
  }
}

export type ReportsRepository = ReturnType<typeof createReportsRepository>
