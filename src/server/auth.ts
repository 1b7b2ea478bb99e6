import { hash, verify } from '@node-rs/argon2'
import { betterAuth } from 'better-auth'
import { drizzleAdapter } from 'better-auth/adapters/drizzle'
import { APIError, createAuthMiddleware, getSessionFromCtx } from 'better-auth/api'
import { genericOAuth } from 'better-auth/plugins/generic-oauth'
import { openAPI } from 'better-auth/plugins/open-api'
import { PATHS } from '#shared/api.ts'
import { releasingAsyncContext } from './auth-async-context.ts'
import { PasswordSchema } from '#shared/signup.ts'
import { plainText } from '#shared/text.ts'
import { NAME_MAX, NameSchema, ProfileSchema } from '#shared/user.ts'
import type { Database } from './db/client.ts'
import * as schema from './db/schema/index.ts'
import type { Config } from './env.ts'
import { renderMail, type MailKind } from './mail/mail-templates.ts'
import type { Mailer } from './mail/mailer.ts'
import type { PhotoStore } from './photos/photo-store.ts'
import type { MailRequestLimit } from './plugins/mail-request-limit.ts'
import type { UsersRepository } from './routes/users/users-repository.ts'

/**
 * A session ends 7 days after its last use (Better Auth's expiresIn, renewed daily by updateAge) and, however
 * often it is used, 30 days after sign-in: plugins/auth.ts refuses and deletes an older one.
 */
export const SESSION_IDLE_SECONDS = 60 * 60 * 24 * 7
export const SESSION_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000

/** The header the server sets from the socket (or trusted proxy) address; clients can't choose it. */
export const CLIENT_IP_HEADER = 'x-nestmate-client-ip'

// Algorithm.Argon2id is an ambient const enum, which isolated modules can't read.
const ARGON2ID = 2

// OWASP's argon2id baseline (19 MiB, 2 passes). PASSWORD_HASH=fast is for test suites only.
const argon2Strength = {
  strong: { memoryCost: 19_456, timeCost: 2, parallelism: 1 },
  fast: { memoryCost: 1024, timeCost: 1, parallelism: 1 },
} as const

/** The web pages a mail's link lands on, through Better Auth's check of its token. */
const VERIFIED_PAGE = PATHS.emailVerified
const RESET_PAGE = PATHS.resetPassword

// Verification links are signed and stateless: a day to open them. A reset link works once, for an hour.
const VERIFY_LINK_SECONDS = 24 * 60 * 60
const RESET_LINK_SECONDS = 60 * 60

const firstIssue = (error: { issues: { message: string }[] }) => error.issues[0]?.message ?? 'Invalid input.'

// The endpoints that send a mail to the address in their body, limited per address too (mail-request-limit.ts).
// A sign-up mails the address whether or not it has an account (docs/decisions/035).
const MAIL_REQUESTS: Record<string, string> = {
  '/request-password-reset': 'reset',
  '/send-verification-email': 'verify',
  '/sign-up/email': 'sign-up',
}

/**
 * Better Auth checks only length; the spec's password rules and field limits are enforced here
 * (docs/architecture.md §5.1), with what Nestmate asks of its account flows: mails limited per address, every
 * other session ended by a password change, and a password account's password to delete it.
 */
const accountRules = (limit: MailRequestLimit | undefined) =>
  createAuthMiddleware(async (ctx) => {
    // A JSON body may be any value; Better Auth's own schema refuses the ones that aren't objects.
    const body = (ctx.body && typeof ctx.body === 'object' ? ctx.body : {}) as Record<string, unknown>
    const purpose = MAIL_REQUESTS[ctx.path]
    if (limit && purpose && typeof body.email === 'string') {
      const wait = await limit(purpose, body.email)
      if (wait > 0) {
        const minutes = Math.ceil(wait / 60)
        throw new APIError('TOO_MANY_REQUESTS', {
          message: `Too many mails asked for this address; try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
        })
      }
    }
    if (ctx.path === '/delete-user' && !body.password) {
      // Better Auth would accept a recent session instead; a password account must give its password.
      const session = await getSessionFromCtx(ctx)
      const credential = session && (await ctx.context.internalAdapter.findCredentialAccount(session.user.id))
      if (credential?.password) throw new APIError('BAD_REQUEST', { message: 'Enter your password.' })
    }
    validateAccountInput(body, ctx.path)
    // Whoever knew the old password is signed out everywhere, whatever the client asked for.
    if (ctx.path === '/change-password') return { context: { body: { ...body, revokeOtherSessions: true } } }
  })

function validateAccountInput(body: Record<string, unknown>, path: string) {
  if (path === '/sign-up/email') {
    const password = PasswordSchema.safeParse(body.password ?? '')
    if (!password.success) throw new APIError('BAD_REQUEST', { message: firstIssue(password.error) })
    const profile = ProfileSchema.safeParse({ name: body.name, photo: body.image ?? '' })
    if (!profile.success) throw new APIError('BAD_REQUEST', { message: firstIssue(profile.error) })
  }
  // Every way to a new password keeps the same rules (Better Auth's change and reset, signed in or by e-mail).
  if (path === '/change-password' || path === '/reset-password') {
    const password = PasswordSchema.safeParse(body.newPassword ?? '')
    if (!password.success) throw new APIError('BAD_REQUEST', { message: firstIssue(password.error) })
  }
  if (path === '/update-user') {
    if ('email' in body) throw new APIError('BAD_REQUEST', { message: "Email can't be changed." })
    if ('name' in body) {
      const name = NameSchema.safeParse(body.name)
      if (!name.success) throw new APIError('BAD_REQUEST', { message: firstIssue(name.error) })
    }
    if ('image' in body && body.image !== null) {
      const photo = ProfileSchema.shape.photo.safeParse(body.image)
      if (!photo.success) throw new APIError('BAD_REQUEST', { message: firstIssue(photo.error) })
    }
  }
}

export const NAMELESS = 'Nestmate member'

/**
 * The name a Google profile gives, as one plain line within the name's bounds (the person can't fix it from here,
 * so it is cleaned rather than refused); a name with nothing left becomes NAMELESS, to change in profile settings.
 */
export function nameFromProvider(name: unknown): string {
  const plain = Array.from(plainText(typeof name === 'string' ? name : ''))
    .slice(0, NAME_MAX)
    .join('')
    .trim()
  return plain === '' ? NAMELESS : plain
}

/** Points a Better Auth link's `callbackURL` at the page it should land on. */
export const SUSPENDED = 'This account is suspended. Write to the site if you think this is a mistake.'

function landingOn(link: string, baseUrl: string, page: string): string {
  const url = new URL(link)
  url.searchParams.set('callbackURL', `${baseUrl}${page}`)
  return url.href
}

export type AuthDeps = {
  mailer: Mailer
  users: UsersRepository
  photoStore: Pick<PhotoStore, 'removeListing'>
  mailRequestLimit?: MailRequestLimit
  /** Whether a moderator suspended this person: no session may begin for them (docs/decisions/046). */
  isSuspended?: (userId: string) => Promise<boolean>
}

export function createAuth(
  db: Database,
  config: Config,
  { mailer, users, photoStore, mailRequestLimit, isSuspended }: AuthDeps,
) {
  const strength = argon2Strength[config.passwordHash]
  const secure = config.baseUrl.startsWith('https://')
  // Queued, never awaited: the answer doesn't wait for the mail server (mail/mailer.ts). The name greets only a
  // verified address: whoever signs up with someone else's address chooses the name too.
  const mail = (kind: MailKind, to: { name: string; email: string; emailVerified: boolean }, link: string) =>
    mailer.send({
      to: to.email,
      link,
      ...renderMail(kind, {
        name: to.emailVerified ? to.name : undefined,
        link,
        siteName: 'Nestmate',
        baseUrl: config.baseUrl,
      }),
    })
  const auth = betterAuth({
    appName: 'Nestmate',
    baseURL: config.baseUrl,
    basePath: '/api/auth',
    secret: config.authSecret,
    trustedOrigins: config.siteOrigins,
    database: drizzleAdapter(db, { provider: 'pg', schema }),
    emailAndPassword: {
      enabled: true,
      // A sign-up answers the same whether or not the address has an account, so it can't sign anyone in: a new
      // account signs in with its password; an existing one's owner is mailed instead (docs/decisions/035).
      autoSignIn: false,
      onExistingUserSignUp: async ({ user }) =>
        mail('account-exists', user, `${config.baseUrl}${PATHS.login}`),
      // Unverified people may sign in, post and like; verifying adds a mark to their listings.
      requireEmailVerification: false,
      resetPasswordTokenExpiresIn: RESET_LINK_SECONDS,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, url }) =>
        mail('reset-password', user, landingOn(url, config.baseUrl, RESET_PAGE)),
      minPasswordLength: 6,
      maxPasswordLength: 128,
      password: {
        hash: (password) => hash(password, { algorithm: ARGON2ID, ...strength }),
        verify: ({ hash: stored, password }) => verify(stored, password),
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      expiresIn: VERIFY_LINK_SECONDS,
      sendVerificationEmail: async ({ user, url }) =>
        mail('verify-email', user, landingOn(url, config.baseUrl, VERIFIED_PAGE)),
    },
    user: {
      changeEmail: { enabled: false },
      // The person's listings, likes (taken off others' counts), sessions and accounts, in one transaction; then
      // their listings' photo files (a file left by a crash here is swept at the next start).
      deleteUser: {
        enabled: true,
        beforeDelete: async (user) => {
          const listingIds = await users.deleteAccount(user.id)
          await Promise.all(listingIds.map((id) => photoStore.removeListing(id)))
        },
      },
    },
    session: { expiresIn: SESSION_IDLE_SECONDS, updateAge: 60 * 60 * 24 },
    // Every way in (a password, Google) creates a session: a suspended person gets none.
    databaseHooks: {
      session: {
        create: {
          before: async (session) => {
            if (await isSuspended?.(session.userId))
              throw new APIError('FORBIDDEN', { message: SUSPENDED, code: 'ACCOUNT_SUSPENDED' })
          },
        },
      },
    },
    // Better Auth would delete every expired value at once, once a minute, on a request's path; the cleanup job
    // deletes them in small batches instead (src/server/cleanup/cleanup-job.ts).
    verification: { disableCleanup: true },
    account: { accountLinking: { enabled: true } },
    rateLimit: {
      enabled: config.rateLimits,
      storage: 'database',
      window: 60,
      max: 100,
      customRules: {
        '/sign-in/email': { window: 60, max: 10 },
        '/verify-password': { window: 60, max: 10 },
        '/sign-up/email': { window: 60, max: 5 },
        '/request-password-reset': { window: 15 * 60, max: 10 },
        '/send-verification-email': { window: 15 * 60, max: 10 },
        '/change-password': { window: 60, max: 5 },
        '/delete-user': { window: 60, max: 5 },
        // Counted per session instead (plugins/session-check-limit.ts): people behind one address share its count.
        '/get-session': false,
      },
    },
    advanced: {
      useSecureCookies: secure,
      // Better Auth turns its origin and callback-URL checks off when NODE_ENV is test; keep them on so tests
      // exercise what production runs.
      disableOriginCheck: false,
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', secure },
      database: { generateId: () => crypto.randomUUID() },
    },
    hooks: { before: accountRules(mailRequestLimit) },
    // Better Auth describes its own endpoints for Nestmate's OpenAPI document (openapi/auth-operations.ts), through
    // auth.api only: its schema endpoint and its reference page (which loads a script from a CDN) are switched off.
    disabledPaths: ['/open-api/generate-schema', '/reference'],
    plugins: [
      openAPI({ disableDefaultReference: true }),
      ...(config.google
        ? [
            genericOAuth({
              config: [
                {
                  providerId: 'google',
                  clientId: config.google.clientId,
                  clientSecret: config.google.clientSecret,
                  discoveryUrl: config.google.discoveryUrl,
                  scopes: ['openid', 'email', 'profile'],
                  pkce: true,
                  mapProfileToUser: (profile) => ({ name: nameFromProvider(profile.name) }),
                },
              ],
            }),
          ]
        : []),
    ],
  })
  // Better Auth's AsyncLocalStorage is on only while it works (auth-async-context.ts).
  return releasingAsyncContext(auth)
}

export type Auth = ReturnType<typeof createAuth>
