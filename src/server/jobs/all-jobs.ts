import { cleanupJob } from '../cleanup/cleanup-job.ts'
import { nudgeJob } from '../conversations/nudge-job.ts'
import { roomTakenJob } from '../conversations/room-taken-job.ts'
import { unreadMailJob } from '../conversations/unread-mail-job.ts'
import type { Config } from '../env.ts'
import { freshnessJob } from '../listings/freshness-job.ts'
import type { Mailer } from '../mail/mailer.ts'
import { hiddenNoticeJob } from '../moderation/hidden-notice-job.ts'
import { photoHashBackfillJob } from '../photos/hash-backfill-job.ts'
import { pushJob } from '../push/push-job.ts'
import { replyStatsJob } from '../conversations/reply-stats-job.ts'
import { savedSearchAlertJobs } from '../saved-searches/alert-jobs.ts'
import { signalsJob } from '../signals/signals-job.ts'
import { viewingMailJob } from '../viewings/viewing-mail-job.ts'
import type { JobDefinition } from './define-job.ts'

/**
 * Every background job the server runs: the one list (docs/architecture.md §10). Each job lives in its domain's
 * folder, beside the logic it runs; the runner (./job-runner.ts) knows them only through this list.
 */
export function allJobs(mailer: Mailer, config: Config): JobDefinition[] {
  return [
    cleanupJob,
    unreadMailJob(mailer, config),
    freshnessJob(mailer, config),
    hiddenNoticeJob(mailer, config),
    roomTakenJob(mailer, config),
    ...savedSearchAlertJobs(mailer, config),
    signalsJob,
    photoHashBackfillJob(config),
    pushJob(config),
    replyStatsJob,
    nudgeJob(mailer, config),
    viewingMailJob(mailer, config),
  ]
}
