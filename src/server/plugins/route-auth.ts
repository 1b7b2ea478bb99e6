import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { SessionUser } from './auth.ts'
import { HttpError } from './errors.ts'

/**
 * Who may call a route, declared on the route (`config: { auth: 'signed-in' }`), checked before its handler
 * (docs/decisions/015):
 * - `public`: anyone; `request.sessionUser()` still tells who, if anyone, is calling.
 * - `signed-in`: a session, else 401; the handler reads the caller as `request.user`.
 * - `{ owner }`: signed in, and the route writes only what the caller owns. The write itself matches the owner
 *   (`… where id = $1 and owner_id = $2`); when it matched nothing, `notOwned(request)` reads once whether the
 *   thing is missing (404) or someone else's (403).
 * - `moderator`: signed in (else 401) with a verified address in ADMIN_EMAILS, else 403 (docs/decisions/046, 070).
 */
export type RouteAuth = 'public' | 'signed-in' | 'moderator' | { owner: OwnerRule }

export type OwnerRule = {
  /** The owner of the thing the route's `:id` names, or undefined when there is none. */
  ownerOf: (id: string) => Promise<string | undefined>
  notFound: string
  /** The 403 message: "You can only change your own listings." */
  notYours: string
}

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: RouteAuth
  }
  interface FastifyInstance {
    /** Whether this person is a moderator: their address, as it is now, is verified and in ADMIN_EMAILS. */
    isModerator(user: SessionUser): Promise<boolean>
  }
  interface FastifyRequest {
    /** The signed-in caller, on routes declared `signed-in` or owner-only; reading it elsewhere is a bug (throws). */
    readonly user: SessionUser
  }
}

const SIGN_IN = 'Sign in to continue.'
export const MODERATORS_ONLY = 'Only moderators can do this.'
const declarations = new WeakMap<FastifyInstance, Map<string, RouteAuth | undefined>>()
const signedIn = new WeakMap<FastifyRequest, SessionUser>()

/** A person's address as the database holds it now, and whether its owner proved it is theirs. */
export type AccountOf = (userId: string) => Promise<{ email: string; emailVerified: boolean } | undefined>

/**
 * Call on the root instance before any route is registered. `moderators`: their addresses, lower-case;
 * `accountOf` reads a person's address afresh (without it, no one is a moderator).
 */
export function registerRouteAuth(
  app: FastifyInstance,
  moderators: readonly string[] = [],
  accountOf?: AccountOf,
) {
  const listed = (email: string) => moderators.includes(email.toLowerCase())
  // Anyone can sign up with a listed address before its owner does: only its verified owner moderates. The
  // session's remembered address only rules people out cheaply; the decision reads the account on every request,
  // so no cache outlives a change of address or of verification (docs/decisions/070).
  const isModerator = async (user: SessionUser) => {
    if (!listed(user.email)) return false
    const account = await accountOf?.(user.id)
    return account !== undefined && account.emailVerified && listed(account.email)
  }
  app.decorate('isModerator', isModerator)
  const declared = new Map<string, RouteAuth | undefined>()
  declarations.set(app, declared)
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return
    const methods = Array.isArray(route.method) ? route.method : [route.method]
    const auth = (route.config as { auth?: RouteAuth } | undefined)?.auth
    for (const method of methods) if (method !== 'HEAD') declared.set(`${method} ${route.url}`, auth)
  })

  app.decorateRequest('user', {
    getter(this: FastifyRequest) {
      const user = signedIn.get(this)
      if (!user)
        throw new Error(`request.user read on ${this.routeOptions.url}, which isn't declared signed-in`)
      return user
    },
  })

  // A preHandler, after the schema: a malformed request is a 400 for anyone, as before any session is looked up.
  // App-level, so it runs before the routes' own preHandlers (the per-person rate limits).
  app.addHook('preHandler', async (request) => {
    const auth = request.routeOptions.config.auth
    if (auth === undefined || auth === 'public') return
    const user = await request.sessionUser()
    if (!user) throw new HttpError(401, SIGN_IN)
    if (auth === 'moderator' && !(await isModerator(user))) throw new HttpError(403, MODERATORS_ONLY)
    signedIn.set(request, user)
  })
}

/** Each API route ("METHOD /path") and its declaration (undefined: none), for the authorization matrix. */
export function routeAuthDeclarations(app: FastifyInstance): Map<string, RouteAuth | undefined> {
  return declarations.get(app) ?? new Map()
}

/** After an owner-only write matched nothing: 404 when the thing is missing, 403 when it is someone else's. */
export async function notOwned(request: FastifyRequest): Promise<HttpError> {
  const auth = request.routeOptions.config.auth
  if (typeof auth !== 'object') throw new Error(`${request.routeOptions.url} isn't declared owner-only`)
  const ownerId = await auth.owner.ownerOf((request.params as { id: string }).id)
  // Gone, or deleted between the write and this read: either way there is nothing of the caller's to change.
  if (!ownerId || ownerId === request.user.id) return new HttpError(404, auth.owner.notFound)
  return new HttpError(403, auth.owner.notYours)
}
