import rateLimit from '@fastify/rate-limit'
import Fastify, { type FastifyInstance } from 'fastify'
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod'
import { createAuth, type Auth } from './auth.ts'
import type { DatabaseHandle } from './db/client.ts'
import { ConfigError, type Config } from './env.ts'
import { createSavedSearchesRepository } from './routes/saved-searches/saved-searches-repository.ts'
import { savedSearchRoutes } from './routes/saved-searches/index.ts'
import { referenceRoutes } from './routes/references/index.ts'
import { createReferencesRepository } from './routes/references/references-repository.ts'
import { allJobs } from './jobs/all-jobs.ts'
import { createJobRunner, type JobRunner } from './jobs/job-runner.ts'
import { createMailer, type Mailer } from './mail/mailer.ts'
import { registerAuth } from './plugins/auth.ts'
import { registerCacheControl } from './plugins/cache-control.ts'
import { registerCompression } from './plugins/compression.ts'
import { frameworkErrors, registerErrorHandling } from './plugins/errors.ts'
import { registerOpenApi } from './openapi/register-openapi.ts'
import { createMailRequestLimit } from './plugins/mail-request-limit.ts'
import { databaseRateLimitStore } from './plugins/rate-limit-store.ts'
import { createSessionCheckLimit } from './plugins/session-check-limit.ts'
import { registerRouteAuth } from './plugins/route-auth.ts'
import { registerSecurity } from './plugins/security.ts'
import { registerShutdownDrain } from './plugins/shutdown.ts'
import { createSignInThrottle } from './plugins/sign-in-throttle.ts'
import { registerWebApp } from './plugins/web-app.ts'
import { gazetteer } from './places/gazetteer.ts'
import { likeRoutes } from './routes/likes/index.ts'
import { createLikesRepository } from './routes/likes/likes-repository.ts'
import { createPhotoStore } from './photos/photo-store.ts'
import { livingProfileRoutes } from './routes/living-profile/index.ts'
import { createLivingProfileRepository } from './routes/living-profile/living-profile-repository.ts'
import { createProfileChanges } from './routes/living-profile/profile-changes.ts'
import { listingRoutes } from './routes/listings/index.ts'
import { createListingsRepository } from './routes/listings/listings-repository.ts'
import { photoRoutes, type PhotoRoutesDeps } from './routes/photos/index.ts'
import { createPhotosRepository } from './routes/photos/photos-repository.ts'
import { placeRoutes } from './routes/places/index.ts'
import { siteRoutes } from './routes/site.ts'
import { loggerOptions } from './request-log.ts'
import { conversationRoutes } from './routes/conversations/index.ts'
import { createConversationsRepository } from './routes/conversations/conversations-repository.ts'
import { liveRoutes } from './routes/live/index.ts'
import { moderationRoutes } from './routes/moderation/index.ts'
import { createModerationRepository } from './routes/moderation/moderation-repository.ts'
import { reportRoutes } from './routes/reports/index.ts'
import { seekerAdRoutes } from './routes/seeker-ads/index.ts'
import { createSeekerAdsRepository } from './routes/seeker-ads/seeker-ads-repository.ts'
import { createReportsRepository } from './routes/reports/reports-repository.ts'
import { startLive } from './live/live.ts'
import type { LiveTiming } from './live/live-hub.ts'
import { peopleRoutes } from './routes/people/index.ts'
import { reviewRoutes } from './routes/reviews/index.ts'
import { createReviewsRepository } from './routes/reviews/reviews-repository.ts'
import { createPeopleRepository } from './routes/people/people-repository.ts'
import { userRoutes } from './routes/users/index.ts'
import { pushRoutes } from './routes/push/index.ts'
import { createPushRepository } from './routes/push/push-repository.ts'
import { viewingRoutes } from './routes/viewings/index.ts'
import { viewingShareRoutes } from './routes/viewings/shares.ts'
import { createViewingSharesRepository } from './viewings/viewing-shares-repository.ts'
import { createViewingTimesRepository } from './viewings/viewing-times-repository.ts'
import { createViewingsRepository } from './viewings/viewings-repository.ts'
import { createUsersRepository, type UsersRepository } from './routes/users/users-repository.ts'

export type App = FastifyInstance & {
  auth: Auth
  mailer: Mailer
  /** The job runner: any process sends jobs; main.ts starts it to work them (docs/architecture.md §10). */
  jobs: JobRunner
  /** Answers every new request 503 from now on; main.ts calls it before closing. */
  startDraining: () => void
  /** Removes photo files a crash or a refused upload left without a row, and makes the rest private. */
  sweepPhotos: () => Promise<{ removed: number; mended: number }>
}

// Small on purpose: the largest legitimate body is one listing (~6 kB of text).
const BODY_LIMIT = 32 * 1024
// A photo is the longest request to arrive: 15 MB at 0.4 Mbit/s, about the weakest mobile uplink that still works,
// takes 5 minutes, and the upload route gives up on one that stalls or passes that (routes/photos/receive-photo.ts).
// Past 6 minutes any request that still hasn't arrived is cut (Node checks every 30 s).
export const REQUEST_TIMEOUT_MS = 6 * 60_000
// A connection silent both ways for 5 minutes is gone. The longest silence of a live one is an upload waiting for
// its answer behind the photo line: 9 photos of at most 20 s each.
export const CONNECTION_TIMEOUT_MS = 5 * 60_000

/**
 * A hop count trusts that many proxies nearest the server, as Express's `trust proxy` does; Fastify 5 ignores a
 * bare number (it would trust nothing), so it becomes proxy-addr's trust function.
 */
function trustProxyOption(trust: Config['trustProxy']) {
  return typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust
}

type BuildOptions = {
  webRoot?: string
  mailRetryDelaysMs?: number[]
  movableJobClock?: boolean
  photoLimits?: PhotoRoutesDeps['limits']
  live?: LiveTiming
}

/** Builds the whole app on an open database; never listens (main.ts does, tests use inject). */
export async function buildApp(config: Config, database: DatabaseHandle, options: BuildOptions = {}) {
  const app = createServer(config)
  registerErrorHandling(app)
  const startDraining = registerShutdownDrain(app)
  await registerSecurity(app, config)
  await registerCompression(app)
  if (config.rateLimits) await registerRateLimit(app, database)

  // Before any route: they record each route's declarations (who may call it, whether its answer may be cached)
  // and apply them to every request.
  const users = createUsersRepository(database.db)
  registerRouteAuth(app, config.adminEmails, users.accountOf)
  registerCacheControl(app)
  const parts = await createParts(app, config, database, users, options)

  // Before the routes: the document records each one as it is registered.
  await registerOpenApi(app, parts.auth, config.baseUrl)
  await registerAuth(
    app,
    parts.auth,
    config.baseUrl,
    { lookup: users.bySessionToken, end: users.endSession },
    config.rateLimits
      ? { signIn: createSignInThrottle(database.db), sessionCheck: createSessionCheckLimit(database.db) }
      : {},
  )
  await registerRoutes(app, config, database, { ...parts, users }, options)
  await registerWebApp(app, options.webRoot)

  const { auth, mailer, jobs, photoStore, photos } = parts
  const sweepPhotos = () => photoStore.sweep(photos.keys)
  return Object.assign(app, { auth, mailer, jobs, startDraining, sweepPhotos }) as unknown as App
}

/** Fastify with its limits, zod for validation and serialization, and a JSON parser that takes an empty body. */
function createServer(config: Config) {
  const app = Fastify({
    ...loggerOptions(config.logLevel),
    bodyLimit: BODY_LIMIT,
    requestTimeout: REQUEST_TIMEOUT_MS,
    connectionTimeout: CONNECTION_TIMEOUT_MS,
    trustProxy: trustProxyOption(config.trustProxy),
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    frameworkErrors,
  }).withTypeProvider<ZodTypeProvider>()
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)

  // The spec's like call sends a JSON content type with no body; treat that as {}.
  const parseJson = app.getDefaultJsonParser('error', 'error')
  app.removeContentTypeParser('application/json')
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) =>
    body === '' ? done(null, {}) : parseJson(request, body as string, done),
  )
  return app
}

type Server = ReturnType<typeof createServer>

/** The routes' rate limits (each route opts in), counted in the database so every process shares them. */
async function registerRateLimit(app: Server, database: DatabaseHandle) {
  await app.register(rateLimit, {
    global: false,
    hook: 'preHandler',
    store: databaseRateLimitStore(database.db),
    keyGenerator: async (request) => (await request.sessionUser())?.id ?? request.ip,
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      error: `Too many requests; try again in ${context.after}.`,
    }),
  })
}

/** The repositories, stores and services the routes share, each closed with the app where it holds something open. */
async function createParts(
  app: Server,
  config: Config,
  database: DatabaseHandle,
  users: UsersRepository,
  options: BuildOptions,
) {
  const listings = createListingsRepository(database.db, {
    onError: (error) => app.log.error({ err: error }, 'best-match prefix refresh failed'),
  })
  const photos = createPhotosRepository(database.db)
  const photoStore = await openPhotoStore(config)
  const mailer = createMailer(config, app.log, { retryDelaysMs: options.mailRetryDelaysMs })
  app.addHook('onClose', () => mailer.close())
  const jobs = await startJobRunner(app, config, database, mailer, options)
  const reports = createReportsRepository(database.db)
  const seekerAds = createSeekerAdsRepository(database.db, {
    onError: (error) => app.log.error({ err: error }, 'seeker-ad prefix refresh failed'),
  })
  // A moderator's decision hides or shows listings and ads: what this process keeps of them is taken again.
  const moderation = createModerationRepository(database.db, () => {
    listings.shownChanged()
    seekerAds.shownChanged()
  })
  const auth = createAuth(database.db, config, {
    mailer,
    users,
    isSuspended: moderation.isSuspended,
    photoStore,
    mailRequestLimit: config.rateLimits ? createMailRequestLimit(database.db) : undefined,
  })
  return { listings, photos, photoStore, mailer, jobs, reports, seekerAds, moderation, auth }
}

type Parts = Awaited<ReturnType<typeof createParts>> & { users: UsersRepository }

async function openPhotoStore(config: Config) {
  const photoStore = createPhotoStore(config.photosDir)
  await photoStore.init().catch((error: NodeJS.ErrnoException) => {
    throw new ConfigError(
      `Invalid configuration: PHOTOS_DIR (${config.photosDir}) can't be used: ${error.code ?? error.message}.`,
    )
  })
  return photoStore
}

/** The job runner on a pool of its own, stopped with the app (it works jobs only once main.ts starts it). */
async function startJobRunner(
  app: Server,
  config: Config,
  database: DatabaseHandle,
  mailer: Mailer,
  options: BuildOptions,
) {
  const jobsDatabase = await database.separatePool(2)
  const jobs = createJobRunner({
    database: jobsDatabase,
    log: app.log,
    jobs: allJobs(mailer, config),
    movableClock: options.movableJobClock,
  })
  await jobs.init()
  app.addHook('onClose', async () => {
    await jobs.stop()
    await jobsDatabase.close()
  })
  return jobs
}

/** Every API route, with the parts only routes use: living profiles, likes, conversations and live updates. */
async function registerRoutes(
  app: Server,
  config: Config,
  database: DatabaseHandle,
  { listings, photos, photoStore, users, reports, moderation, seekerAds, mailer }: Parts,
  options: BuildOptions,
) {
  await app.register(siteRoutes({ config, database, listings, users }))
  // Both best-match caches (browse's and Rooms wanted's) depend on everyone's living profile.
  const profiles = createLivingProfileRepository(database.db, (userId) => {
    listings.profileChanged(userId)
    seekerAds.profileChanged(userId)
  })
  await app.register(listingRoutes(listings, gazetteer, profiles, { photoStore }))
  await app.register(
    photoRoutes({ photos, store: photoStore, ownerOf: listings.ownerOf, limits: options.photoLimits }),
  )
  await app.register(placeRoutes(gazetteer))
  await app.register(livingProfileRoutes(profiles, createProfileChanges(database.db)))
  await app.register(userRoutes(users))
  await app.register(peopleRoutes(createPeopleRepository(database.db)))
  await app.register(likeRoutes(createLikesRepository(database.db)))
  const live = await startLiveUpdates(app, database, options.live)
  const conversations = createConversationsRepository(database.db)
  await app.register(conversationRoutes(conversations))
  await app.register(liveRoutes(live.hub, app.sessionOf))
  await app.register(reportRoutes(reports))
  await app.register(moderationRoutes(moderation))
  await app.register(seekerAdRoutes(seekerAds, gazetteer, profiles, listings))
  await app.register(
    savedSearchRoutes(
      createSavedSearchesRepository(database.db),
      (id) => gazetteer.find(id),
      config.authSecret,
    ),
  )
  await app.register(pushRoutes(createPushRepository(database.db), config.push))
  await app.register(
    viewingRoutes(
      createViewingTimesRepository(database.db),
      createViewingsRepository(database.db),
      listings.ownerOf,
      config.baseUrl,
    ),
  )
  await app.register(viewingShareRoutes(createViewingSharesRepository(database.db), config.baseUrl))
  await app.register(referenceRoutes(createReferencesRepository(database.db), mailer, config.baseUrl))
  await app.register(reviewRoutes(createReviewsRepository(database.db), conversations))
}

/** The live updates' listener, whose event streams end before the app closes. */
async function startLiveUpdates(app: Server, database: DatabaseHandle, timing: LiveTiming | undefined) {
  // A session ended in any process: this one forgets the sessions it remembers, so a signed-out browser can't
  // open a stream (or anything else) here on the strength of a cached session.
  const live = await startLive(database, app.log, {
    ...timing,
    onSessionEnded: () => app.forgetSessions(),
  })
  // Open event streams would keep the server's close waiting: they end first, and their browsers reconnect.
  app.addHook('preClose', (done) => {
    live.endStreams()
    done()
  })
  app.addHook('onClose', () => live.stopListening())
  return live
}
