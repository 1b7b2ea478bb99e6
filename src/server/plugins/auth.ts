import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { fromNodeHeaders } from 'better-auth/node'
import { CLIENT_IP_HEADER, type Auth } from '../auth.ts'
import { HttpError } from './errors.ts'
import { sessionTokenReader } from './session-cookie.ts'

export type SessionUser = { id: string; name: string; email: string; image: string | null | undefined }

/** The user of an unexpired session with this token, in one query. */
export type SessionLookup = (token: string) => Promise<SessionUser | null>

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, or null; resolved once per request. */
    sessionUser(): Promise<SessionUser | null>
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
  const body = response.body ? Buffer.from(await response.arrayBuffer()) : null
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

export async function registerAuth(app: FastifyInstance, auth: Auth, baseUrl: string, lookup: SessionLookup) {
  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    handler: async (request, reply) =>
      sendWebResponse(reply, await auth.handler(toWebRequest(request, baseUrl))),
  })

  // The API's own session check skips Better Auth's endpoint pipeline (and its cookie cache, which would keep a
  // signed-out session alive): verify the cookie's signature, then one indexed query. See docs/decisions/005.
  const readToken = await sessionTokenReader(auth)
  app.decorateRequest('sessionUser', function (this: FastifyRequest) {
    const cache = this as FastifyRequest & { sessionPromise?: Promise<SessionUser | null> }
    cache.sessionPromise ??= readToken(this.headers.cookie).then((token) => (token ? lookup(token) : null))
    return cache.sessionPromise
  })
}

/** Resolves the caller or answers 401. */
export async function requireUser(request: FastifyRequest): Promise<SessionUser> {
  const user = await request.sessionUser()
  if (!user) throw new HttpError(401, 'Sign in to continue.')
  return user
}
