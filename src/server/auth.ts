import { hash, verify } from '@node-rs/argon2'
import { betterAuth } from 'better-auth'
import { drizzleAdapter } from 'better-auth/adapters/drizzle'
import { APIError, createAuthMiddleware } from 'better-auth/api'
import { genericOAuth } from 'better-auth/plugins/generic-oauth'
import { releasingAsyncContext } from './auth-async-context.ts'
import { PasswordSchema } from '../shared/signup.ts'
import { NameSchema, ProfileSchema } from '../shared/user.ts'
import type { Database } from './db/client.ts'
import * as schema from './db/schema/index.ts'
import type { Config } from './env.ts'

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

const firstIssue = (error: { issues: { message: string }[] }) => error.issues[0]?.message ?? 'Invalid input.'

// Better Auth checks only length; the spec's password rules and field limits are enforced here
// (docs/architecture.md §5.1).
const validateAccountInput = createAuthMiddleware(async (ctx) => {
  // A JSON body may be any value; Better Auth's own schema refuses the ones that aren't objects.
  const body = (ctx.body && typeof ctx.body === 'object' ? ctx.body : {}) as Record<string, unknown>
  if (ctx.path === '/sign-up/email') {
    const password = PasswordSchema.safeParse(body.password ?? '')
    if (!password.success) throw new APIError('BAD_REQUEST', { message: firstIssue(password.error) })
    const profile = ProfileSchema.safeParse({ name: body.name, photo: body.image ?? '' })
    if (!profile.success) throw new APIError('BAD_REQUEST', { message: firstIssue(profile.error) })
  }
  // Every way to a new password keeps the same rules (Better Auth's change and reset, signed in or by e-mail).
  if (ctx.path === '/change-password' || ctx.path === '/reset-password') {
    const password = PasswordSchema.safeParse(body.newPassword ?? '')
    if (!password.success) throw new APIError('BAD_REQUEST', { message: firstIssue(password.error) })
  }
  if (ctx.path === '/update-user') {
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
})

export function createAuth(db: Database, config: Config) {
  const strength = argon2Strength[config.passwordHash]
  const secure = config.baseUrl.startsWith('https://')
  const auth = betterAuth({
    appName: 'Nestmate',
    baseURL: config.baseUrl,
    basePath: '/api/auth',
    secret: config.authSecret,
    trustedOrigins: [config.baseUrl],
    database: drizzleAdapter(db, { provider: 'pg', schema }),
    emailAndPassword: {
      enabled: true,
      autoSignIn: true,
      minPasswordLength: 6,
      maxPasswordLength: 128,
      password: {
        hash: (password) => hash(password, { algorithm: ARGON2ID, ...strength }),
        verify: ({ hash: stored, password }) => verify(stored, password),
      },
    },
    user: { changeEmail: { enabled: false } },
    session: { expiresIn: SESSION_IDLE_SECONDS, updateAge: 60 * 60 * 24 },
    account: { accountLinking: { enabled: true } },
    rateLimit: {
      enabled: config.rateLimits,
      storage: 'database',
      window: 60,
      max: 100,
      customRules: {
        '/sign-in/email': { window: 60, max: 10 },
        '/sign-up/email': { window: 60, max: 5 },
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
    hooks: { before: validateAccountInput },
    plugins: config.google
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
              },
            ],
          }),
        ]
      : [],
  })
  // Better Auth's AsyncLocalStorage is on only while it works (auth-async-context.ts).
  return releasingAsyncContext(auth)
}

export type Auth = ReturnType<typeof createAuth>
