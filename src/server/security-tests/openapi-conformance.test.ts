import fc from 'fast-check'
import type { InjectOptions } from 'fastify'
import { afterAll, describe, expect, test } from 'vitest'
import { publicCacheRoutes } from '../plugins/cache-control.ts'
import { BASE_URL, createTestApp } from '../test/app.ts'
import {
  buildRequest,
  createAnswerCheck,
  injectAnswer,
  loadDocument,
  operationsOf,
  type Operation,
  type RequestParts,
} from './openapi-client.ts'
import { castOf, namesPhoto, type Cast } from './openapi-fixtures.ts'
import { requestArbitrary } from './openapi-client.ts'
import { example, type Mode } from './schema-arbitrary.ts'
import { registeredApiRoutes, servedAuthRoutes } from './routes.ts'

// Every operation of the OpenAPI document gets valid, invalid and refused requests, as every kind of caller;
// each answer must be one the document declares for that operation, its body valid against that status's schema.

const t = await createTestApp()
afterAll(() => t.close())
const document = await loadDocument(t.app)
const { problem, resolve } = createAnswerCheck(document)
const operations = operationsOf(document)
const isOwnRoute = (route: string) => !route.includes(' /api/auth/')
const isOwn = (operation: Operation) => isOwnRoute(operation.route)
const isWrite = (operation: Operation) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(operation.method)
const hasJsonBody = (operation: Operation) => Boolean(operation.spec.requestBody?.content['application/json'])

/** Sends the request and expects an answer the document declares; returns it. */
async function send(operation: Operation, request: InjectOptions) {
  const response = await injectAnswer(t.app, operation, request)
  expect(problem(operation, response), `${request.method} ${request.url}`).toBeUndefined()
  return response
}

/** The operation's plain valid request: its required parameters and body, things that exist for its path. */
function examplePart(operation: Operation, cast: Cast): RequestParts {
  const parameters = operation.spec.parameters ?? []
  const path = Object.fromEntries(
    parameters
      .filter((parameter) => parameter.in === 'path')
      .map(({ name, schema }) => [
        name,
        cast.known[name]?.[0] ?? encodeURIComponent(String(example(schema, resolve))),
      ]),
  )
  const query = Object.fromEntries(
    parameters
      .filter((parameter) => parameter.in === 'query' && parameter.required)
      .map(({ name, schema }) => [name, cast.known[name]?.[0] ?? example(schema, resolve)]),
  )
  const json = operation.spec.requestBody?.content['application/json']?.schema
  return { path, query, body: json ? example(json, resolve) : undefined }
}

const as = (cast: Cast | undefined, who: 'owner' | 'stranger' | 'anonymous'): Record<string, string> => ({
  origin: BASE_URL,
  ...(cast && who !== 'anonymous' ? { cookie: cast[who].cookie } : {}),
})

test('the document has an operation for every route the server answers under /api, and none it does not', async () => {
  // Nestmate's routes as the server registered them; Better Auth's, behind their one wildcard route, as it lists
  // its own endpoints. A route hidden from the document, or an operation nothing serves, fails here.
  const own = registeredApiRoutes(t.app).filter((route) => !route.endsWith(' /api/auth/*'))
  const served = [...own, ...servedAuthRoutes(t.app.auth)]
  const documented = operations.map((operation) => operation.route)
  expect(documented.filter(isOwnRoute).sort()).toEqual(own)
  expect(documented.filter((route) => !served.includes(route))).toEqual([])
  // Better Auth lists a POST of get-session it answers 405 (deferSessionRefresh is off): left out on purpose.
  const left = served.filter((route) => !documented.includes(route))
  expect(left).toEqual(['POST /api/auth/get-session'])
  const answer = await t.app.inject({
    method: 'POST',
    url: '/api/auth/get-session',
    headers: { origin: BASE_URL },
  })
  expect(answer.statusCode).toBe(405)
  expect(own.length).toBeGreaterThan(20)
  expect(documented.length - own.length).toBeGreaterThan(10)
})

test("every answer declares its Cache-Control: no-store, but a cacheable route's successes (public, max-age)", () => {
  const kept = new Set<string>()
  for (const operation of operations)
    for (const [status, response] of Object.entries(operation.spec.responses)) {
      const header = response.headers?.['Cache-Control']
      expect(header, `${operation.route} ${status}`).toMatchObject({ required: true })
      if (header?.schema?.const !== 'no-store') kept.add(`${operation.route} ${status}`)
    }
  // Exactly the routes declared `cache: 'public'`, and only their 2xx answers.
  expect([...kept].sort()).toEqual(
    operations
      .filter((operation) => publicCacheRoutes(t.app).has(operation.route))
      .flatMap((operation) =>
        Object.keys(operation.spec.responses)
          .filter((status) => Number(status) < 400)
          .map((status) => `${operation.route} ${status}`),
      )
      .sort(),
  )
  expect(publicCacheRoutes(t.app)).toEqual(
    new Set(['GET /api/places', 'GET /api/openapi.json', 'GET /api/push/public-key']),
  )
})

test("Better Auth's redirects answer as the document says: a Location and no body", async () => {
  const callback = encodeURIComponent(`${BASE_URL}/login`)
  for (const [path, url] of [
    ['/api/auth/reset-password/{token}', `/api/auth/reset-password/not-a-token?callbackURL=${callback}`],
    ['/api/auth/verify-email', `/api/auth/verify-email?token=not-a-token&callbackURL=${callback}`],
    ['/api/auth/callback/{id}', '/api/auth/callback/google?state=not-a-state&code=x'],
  ]) {
    const operation = operations.find((candidate) => candidate.path === path && candidate.method === 'GET')!
    const response = await send(operation, { method: 'GET', url, headers: { origin: BASE_URL } })
    expect([response.statusCode, response.body], url).toEqual([302, ''])
    expect(response.headers.location).toMatch(/error=/)
  }
})

describe.each(operations.map((operation) => ({ name: `${operation.method} ${operation.path}`, operation })))(
  '$name',
  ({ operation }) => {
    test('valid, edge and hostile input from its schemas, as the owner, someone else and no one', async () => {
      // Fresh people per operation: a sign-out or an account deletion here leaves the others untouched.
      const cast = await castOf(t.app, { photo: namesPhoto(operation.path) })
      const plain = examplePart(operation, cast)
      const answer = await send(
        operation,
        buildRequest(operation, plain, { headers: as(cast, 'owner'), picture: cast.picture }),
      )
      // What the document calls valid, the server doesn't refuse as invalid input.
      if (isOwn(operation) && answer.statusCode === 400)
        expect(answer.json(), 'a request the document calls valid').not.toHaveProperty('issues')
      for (const mode of ['valid', 'edge', 'hostile'] as Mode[]) {
        const samples = fc.sample(requestArbitrary(operation, mode, resolve, cast.known), {
          numRuns: 4,
          seed: 26,
        })
        for (const [index, parts] of samples.entries()) {
          const who = (['owner', 'stranger', 'anonymous'] as const)[index % 3]!
          await send(
            operation,
            buildRequest(operation, parts, { headers: as(cast, who), picture: cast.picture }),
          )
        }
      }
    })

    test('refused requests: no session, cross-site, not JSON, too large, broken JSON, a malformed id', async () => {
      const cast = await castOf(t.app, { photo: namesPhoto(operation.path) })
      const plain = examplePart(operation, cast)
      const request = (headers: Record<string, string>, parts = plain) =>
        buildRequest(operation, parts, { headers, picture: cast.picture })
      const anonymous = await send(operation, request(as(undefined, 'anonymous')))
      const needsSession = operation.spec.security?.every(
        (requirement) => Object.keys(requirement).length > 0,
      )
      if (isOwn(operation) && needsSession) expect(anonymous.statusCode).toBe(401)
      const params = (operation.spec.parameters ?? []).filter((parameter) => parameter.in === 'path')
      if (params.length > 0) {
        const malformed = Object.fromEntries(params.map(({ name }) => [name, '%E0%A4%A']))
        const broken = await send(operation, request(as(cast, 'owner'), { ...plain, path: malformed }))
        expect(broken.statusCode).toBe(isOwn(operation) ? 400 : broken.statusCode)
      }
      if (!isWrite(operation)) return
      const owner = as(cast, 'owner')
      // Every write refuses a cross-site request, but one the document says is posted cross-site by design (RFC
      // 8058's one-click unsubscribe, authorized by its token alone).
      const refusesCrossSite = /cross-site/.test(operation.spec.responses?.['403']?.description ?? '')
      expect(refusesCrossSite || operation.path === '/api/saved-searches/unsubscribe').toBe(true)
      const crossSite = await send(operation, request({ ...owner, origin: 'https://evil.example' }))
      const fetchedCrossSite = await send(operation, request({ ...owner, 'sec-fetch-site': 'cross-site' }))
      for (const answer of [crossSite, fetchedCrossSite])
        if (refusesCrossSite) expect(answer.statusCode).toBe(403)
        else expect(answer.statusCode).not.toBe(403)
      if (!hasJsonBody(operation)) return
      const base = request(owner)
      const notJson = await send(operation, {
        ...base,
        headers: { ...base.headers, 'content-type': 'text/plain' },
      })
      if (isOwn(operation)) expect(notJson.statusCode).toBe(415)
      const large = await send(operation, {
        ...base,
        payload: JSON.stringify({ padding: 'x'.repeat(40_000) }),
      })
      expect(large.statusCode).toBe(413)
      const brokenJson = await send(operation, { ...base, payload: '{"title": ' })
      expect(brokenJson.statusCode).toBe(400)
    })
  },
)

describe('with the database gone', () => {
  test('every operation answers as the document says (503 once it needs the database)', async () => {
    const down = await createTestApp()
    const cast = await castOf(down.app)
    await down.database.close()
    try {
      for (const operation of operations) {
        const request = buildRequest(operation, examplePart(operation, cast), {
          headers: as(cast, 'owner'),
          picture: cast.picture,
        })
        const response = await injectAnswer(down.app, operation, request)
        expect(problem(operation, response), `${operation.method} ${operation.path}`).toBeUndefined()
      }
      const health = await down.app.inject({ url: '/api/health' })
      expect(health.statusCode).toBe(503)
    } finally {
      await down.app.close()
    }
  })
})
