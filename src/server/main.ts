import { openDatabase } from './db/client.ts'
import { DEMO_EMAILS, insertDemoData } from './db/demo-data.ts'
import { DataDirLockedError } from './db/data-dir-lock.ts'
import { ConfigError, loadConfig } from './env.ts'
import { buildApp } from './app.ts'
import { gazetteer } from './places/gazetteer.ts'
import { createPhotoStore } from './photos/photo-store.ts'
import { insertDemoPhotos } from './photos/demo-photos.ts'

// On SIGTERM (an orchestrator stopping us): long enough for a load balancer's health check to see 503 and for
// queued connections to be answered. Ctrl-C (SIGINT) and dev-server reloads stop at once.
const DRAIN_MS = 2000

async function main() {
  const config = loadConfig()
  const database = await openDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl }
      : { kind: 'pglite', dataDir: config.dataDir },
  )
  const app = await buildApp(config, database)

  // Demo data only on the embedded database; PostgreSQL gets it only through `npm run db:seed`.
  if (database.kind === 'pglite' && config.demoData) {
    const inserted = await insertDemoData(database.db)
    if (inserted > 0) {
      app.log.info(`inserted ${inserted} demo listings`)
      const photos = await insertDemoPhotos(database.db, createPhotoStore(config.photosDir), DEMO_EMAILS)
      app.log.info(`added ${photos} illustrative demo photos`)
    }
  }

  let closing = false
  const shutdown = async (signal: string) => {
    if (closing) return
    closing = true
    app.log.info(`${signal}: finishing in-flight requests, answering new ones 503`)
    const timer = setTimeout(() => {
      app.log.error('shutdown took too long; exiting')
      process.exit(1)
    }, 12_000).unref()
    try {
      app.startDraining()
      // Beside the drain: a running job finishes or, after its grace, goes back to the queue.
      const jobsStopped = app.jobs.stop()
      if (signal === 'SIGTERM' && config.env !== 'development')
        await new Promise((resolve) => setTimeout(resolve, DRAIN_MS))
      await jobsStopped
      // app.close() stops accepting connections and waits for in-flight requests before resolving.
      await app.close()
      await database.close()
    } finally {
      clearTimeout(timer)
    }
    // No process.exit() here: the event loop empties by itself once the server and database are closed, and
    // the logger gets to flush its last lines.
  }
  process.on('SIGTERM', () => void shutdown('SIGTERM'))
  process.on('SIGINT', () => void shutdown('SIGINT'))

  // The gazetteer is built before the server listens. Built after it, in a timer, its half second or more of
  // synchronous work stalled the first requests, and a SIGTERM in that window found none of them answered
  // (main.test.ts); before it, "ready" means ready (docs/decisions/025-gazetteer-in-memory.md).
  const started = performance.now()
  gazetteer.warm()
  app.log.info(`gazetteer ready: ${gazetteer.size()} places in ${Math.round(performance.now() - started)} ms`)
  await app.listen({ port: config.port, host: config.host })
  app.log.info(`Nestmate is ready at ${config.baseUrl} (${database.kind})`)
  // After listening: the jobs' first runs (the cleanup at start) never hold up "ready".
  if (config.jobs) {
    app.jobs.start().then(
      () => app.log.info('background jobs: working them in this process'),
      (error: unknown) => app.log.error({ err: error }, 'background jobs could not start'),
    )
  } else if (database.kind === 'pglite') {
    app.log.warn('JOBS=false on the embedded database: no process works the background jobs')
  }
  // In the background: files a crash or a refused upload left without a row (docs/decisions/026).
  app.sweepPhotos().then(
    (removed) => removed > 0 && app.log.info(`removed ${removed} photo files without a row`),
    (error: unknown) => app.log.warn({ err: error }, 'sweeping photo files failed'),
  )
}

// pg-boss 10's worker records a job's outcome without awaiting it (decision 032): a database that fails at that
// moment must cost a log line, not the process. Any other unhandled rejection still ends it, as Node's default.
process.on('unhandledRejection', (reason) => {
  if (reason instanceof Error && reason.stack?.includes('/pg-boss/')) {
    console.error(`job queue: ${reason.message}`)
    return
  }
  throw reason
})

main().catch((error: unknown) => {
  // Expected start-up problems get one clear line, not a stack trace.
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(error.message)
  } else {
    console.error(error)
  }
  process.exit(1)
})
