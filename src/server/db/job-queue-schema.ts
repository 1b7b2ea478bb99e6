import PgBoss from 'pg-boss'
import type { ExecuteSql } from './client.ts'

/** The job queue's tables live in a schema of their own, created and migrated by pg-boss (decision 032). */
export const JOB_QUEUE_SCHEMA = 'pgboss'

/**
 * Creates or migrates the job queue's schema, as the app's own migrations run at every start: pg-boss checks
 * its version table and, under an advisory lock (two processes starting at once on one PostgreSQL), brings it
 * up to the installed release's schema. Nothing else runs: no workers, no maintenance, no schedules.
 */
export async function migrateJobQueue(execute: ExecuteSql) {
  const boss = new PgBoss({
    db: { executeSql: execute },
    schema: JOB_QUEUE_SCHEMA,
    migrate: true,
    supervise: false,
    schedule: false,
  })
  await boss.start()
  await boss.stop({ graceful: false, close: false })
}
