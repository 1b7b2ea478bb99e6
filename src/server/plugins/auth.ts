import { STATUS_CODES } from 'node:http'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { fromNodeHeaders } from 'better-auth/node'
import { CLIENT_IP_HEADER, SESSION_MAX_AGE_MS, type Auth } from '../auth.ts'
import { createSessionCache } from './session-cache.ts'
import { sessionCookie } from './session-cookie.ts'
import type { SessionCheckLimit } from './session-check-limit.ts'
import { PASSWORD_CHECKS, type SignInThrottle } from './sign-in-throttle.ts'

/** What the API needs of the caller: who they are, their e-mail (which can't be changed) and their session. */
export type SessionUser = { id: string; email: string; sessionId: string }

/** The user of an unexpired session with this token, when the session began and ends, in one query. */
export type SessionLookup = (
  token: string,
) => Promise<{ user: SessionUser; createdAt: Date; expiresAt: Date } | null>

export type SessionStore = { lookup: SessionLookup; end: (token: string) => Promise<void> }

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, or null; resolved once per request. */
    sessionUser(): Promise<SessionUser | null>
  }
  interface FastifyInstance {
    /** The signed-in user of a Cookie header, checked again (a long-lived stream's session may have ended). */
    sessionOf(cookieHeader: string | undefined): Promise<SessionUser | null>
    /** Forgets the sessions this process remembers (after a suspension deleted someone's sessions). */
    forgetSessions(): void
  }
}

/** Builds the Fetch API request Better Auth expects from Fastify's, with the client IP it may trust. */
function toWebRequest(request: FastifyRequest, baseUrl: string): Request {
  const headers = fromNodeHeaders(request.headers)
  headers.set(CLIENT_IP_HEADER, request.ip)
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD' && request.body !== undefined
  return new Request(new URL(request.url, baseUrl), {
    method: request.method,
    headers,
    body: hasBody ? JSON.stringify(request.body) : undefined,
  })
}

async function sendWebResponse(reply: FastifyReply, response: Response) {
  reply.status(response.status)
  response.headers.forEach((value, key) => {
    if (key !== 'set-cookie') reply.header(key, value)
  })
  const cookies = response.headers.getSetCookie()
  if (cookies.length > 0) reply.header('set-cookie', cookies)
  // Better Auth's redirects (a mail's link, the provider's return) carry a JSON `null`; a redirect is its Location.
  if (response.status >= 300 && response.status < 400) return reply.removeHeader('content-type').send()
  const body = response.body ? Buffer.from(await response.arrayBuffer()) : null
  // Some of Better Auth's refusals have no body (an unknown path, a missing token): the API's shape gives one.
  if (response.status >= 400 && !body?.length)
    return reply
      .type('application/json; charset=utf-8')
      .send({ error: STATUS_CODES[response.status] ?? 'Error' })
  if (body && response.status >= 400 && response.headers.get('content-type')?.includes('application/json')) {
    return reply.send(withApiErrorShape(body))
  }
  return reply.send(body)
}

/** Better Auth answers `{ message, code }`; the API's shape is `{ error }`, so both are given. */
function withApiErrorShape(body: Buffer): Buffer | object {
  try {
    const parsed = JSON.parse(body.toString('utf8')) as { message?: unknown; error?: unknown }
    if (typeof parsed.message === 'string' && parsed.error === undefined)
      return { error: parsed.message, ...parsed }
  } catch {
    // Not JSON after all: pass it through untouched.
  }
  return body
}

const tooMany = (reply: FastifyReply, wait: number, message: string) => {
  reply.status(429).header('retry-after', String(wait))
  // `message` too, as Better Auth answers: its web client shows that one (see withApiErrorShape).
  return { error: message, message }
}

/**
 * The address whose password a request tries (the body's e-mail at sign-in, the session's elsewhere), for the
 * per-account throttle; undefined for a request that tries none.
 */
async function passwordAttemptEmail(request: FastifyRequest): Promise<string | undefined> {
  const check = request.method === 'POST' ? PASSWORD_CHECKS[request.url.split('?')[0]!] : undefined
  const body = request.body as Record<string, unknown> | undefined
  if (!check || typeof body?.[check.field] !== 'string') return undefined
  const email = check.address === 'body' ? body.email : (await request.sessionUser())?.email
  return typeof email === 'string' && email !== '' ? email : undefined
}

const SESSION_CHECK = '/api/auth/get-session'

export async function registerAuth(
  app: FastifyInstance,
  auth: Auth,
  baseUrl: string,
  store: SessionStore,
  limits: { signIn?: SignInThrottle; sessionCheck?: SessionCheckLimit } = {},
) {
  const { signIn: throttle, sessionCheck } = limits
  const cookie = await sessionCookie(auth)
  const sessions = createSessionCache<SessionUser>()

  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    // Better Auth decides who may call each of its endpoints, and answers 401 itself.
    config: { auth: 'public' },
    handler: async (request, reply) => {
      const email = throttle && (await passwordAttemptEmail(request))
      if (email) {
        const wait = await throttle.attempt(email)
        if (wait > 0)
          return tooMany(
            reply,
            wait,
            `Too many wrong passwords; try again in ${Math.ceil(wait / 60)} minutes.`,
          )
      }
      // A session past its absolute lifetime is deleted here, before Better Auth would renew it.
      const user = request.headers.cookie ? await request.sessionUser() : null
      // Better Auth leaves the session check alone (auth.ts): it is counted per session here.
      if (sessionCheck && user && request.method === 'GET' && request.url.split('?')[0] === SESSION_CHECK) {
        const wait = await sessionCheck(user.sessionId)
        if (wait > 0) return tooMany(reply, wait, `Too many session checks; try again in ${wait} seconds.`)
      }
      const response = await auth.handler(toWebRequest(request, baseUrl))
      // Sign-out and revoked sessions: no cached session may outlive them.
      if (request.method === 'POST') sessions.clear()
      if (email && response.ok) await throttle.succeeded(email)
      return sendWebResponse(reply, response)
    },
  })

  // The API's own session check skips Better Auth's endpoint pipeline (and its cookie cache, which would keep a
  // signed-out session alive): verify the cookie's signature, then one indexed query, remembered for a few
  // seconds. See docs/decisions/005 and 010.
  async function resolve(header: string | undefined): Promise<SessionUser | null> {
    const value = cookie.value(header)
    if (!value) return null
    const found = await sessions.get(value, async () => {
      const token = await cookie.verify(value)
      const session = token ? await store.lookup(token) : null
      if (!session) return null
      // However often it is used, a session ends 30 days after sign-in (docs/decisions/018).
      const endsAt = Math.min(session.expiresAt.getTime(), session.createdAt.getTime() + SESSION_MAX_AGE_MS)
      if (endsAt <= Date.now()) {
        await store.end(token!)
        return null
      }
      return { value: session.user, endsAt }
    })
    return found?.value ?? null
  }
  app.decorate('sessionOf', resolve)
  app.decorate('forgetSessions', () => sessions.clear())
  app.decorateRequest('sessionUser', function (this: FastifyRequest) {
    const cache = this as FastifyRequest & { sessionPromise?: Promise<SessionUser | null> }
    cache.sessionPromise ??= resolve(this.headers.cookie)
    return cache.sessionPromise
  })
}
