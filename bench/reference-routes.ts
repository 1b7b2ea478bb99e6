import { inbox } from './reference-inbox.ts'
import { browseMatch } from './reference-match.ts'
import { listingSeekers, seekerAds } from './reference-seekers.ts'
import * as ref from './reference-sql.ts'
import { viewingTimes } from './reference-viewings.ts'
import type { Answer, Queryable } from './reference-sql.ts'

// Reference 1's routes, one row each: the server (reference-server.ts) and the comparison test (reference.test.ts)
// both answer through this table. A new read in the benchmark (bench/endpoints.ts) gets its row here, with the
// SQL Nestmate sends for it; until then the comparison test fails on the reference's 404.

export type ReferenceRequest = {
  method: string
  url: URL
  cookie: string | undefined
  body: () => Promise<Record<string, unknown>>
}

type Context = { pool: Queryable; url: URL; params: string[]; request: ReferenceRequest }

type Route = {
  method: 'GET' | 'POST' | 'PATCH'
  path: RegExp
  /** Further conditions on the request (a browse order answered apart). */
  when?: (url: URL) => boolean
  /** public: no session read; optional: the person if signed in; signed-in: 401 without one. */
  auth: 'public' | 'optional' | 'signed-in'
  answer: (context: Context, userId: string | null) => Promise<Answer> | Answer
}

const ID = '([0-9a-f-]{36})'

const routes: Route[] = [
  {
    method: 'GET',
    path: /^\/api\/roommate-listings$/,
    when: (url) => url.searchParams.get('sort') === 'match',
    auth: 'optional',
    answer: ({ pool, url }, userId) => browseMatch(pool, url, userId),
  },
  {
    method: 'GET',
    path: /^\/api\/roommate-listings$/,
    auth: 'public',
    answer: ({ pool, url }) => ref.browse(pool, url),
  },
  {
    method: 'GET',
    path: /^\/api\/seeker-ads$/,
    auth: 'optional',
    answer: ({ pool, url }, userId) => seekerAds(pool, url, userId),
  },
  {
    method: 'GET',
    path: new RegExp(`^/api/roommate-listings/${ID}/seekers$`),
    auth: 'signed-in',
    answer: ({ pool, url, params }, userId) => listingSeekers(pool, params[0]!, url, userId!),
  },
  {
    method: 'GET',
    path: /^\/api\/featured-roommates$/,
    auth: 'public',
    answer: ({ pool }) => ref.featured(pool),
  },
  { method: 'GET', path: /^\/api\/places$/, auth: 'public', answer: ({ url }) => ref.places(url) },
  {
    method: 'GET',
    path: /^\/api\/stats$/,
    auth: 'optional',
    answer: ({ pool }, userId) => ref.stats(pool, userId),
  },
  {
    method: 'GET',
    path: new RegExp(`^/api/roommate-listings/${ID}/viewing-times$`),
    auth: 'signed-in',
    answer: ({ pool, params }, userId) => viewingTimes(pool, params[0]!, userId!),
  },
  {
    method: 'GET',
    path: new RegExp(`^/api/roommate-listings/${ID}$`),
    auth: 'signed-in',
    answer: ({ pool, params }, userId) => ref.details(pool, params[0]!, userId!),
  },
  {
    method: 'PATCH',
    path: new RegExp(`^/api/listings/${ID}/like$`),
    auth: 'signed-in',
    answer: ({ pool, params }, userId) => ref.like(pool, params[0]!, userId!),
  },
  {
    method: 'GET',
    path: /^\/api\/conversations$/,
    auth: 'signed-in',
    answer: ({ pool, url }, userId) => inbox(pool, url, userId!),
  },
  {
    method: 'POST',
    path: /^\/api\/roommate-listings$/,
    auth: 'signed-in',
    answer: async ({ pool, request }, userId) => ref.create(pool, userId!, await request.body()),
  },
]

const unauthorized: Answer = { status: 401, body: { error: 'Sign in to continue.' } }
const notFound: Answer = { status: 404, body: { error: 'Not found.' } }

/** Reference 1's answer to one request. */
export async function referenceAnswer(pool: Queryable, request: ReferenceRequest): Promise<Answer> {
  for (const route of routes) {
    if (route.method !== request.method || (route.when && !route.when(request.url))) continue
    const found = route.path.exec(request.url.pathname)
    if (!found) continue
    const userId = route.auth === 'public' ? null : await ref.sessionUser(pool, request.cookie)
    if (route.auth === 'signed-in' && !userId) return unauthorized
    return route.answer({ pool, url: request.url, params: found.slice(1), request }, userId)
  }
  return notFound
}
