import fc from 'fast-check'
import { afterAll, describe, expect, test } from 'vitest'
import { BASE_URL, createTestApp } from '../test/app.ts'
import {
  buildRequest,
  createAnswerCheck,
  injectAnswer,
  loadDocument,
  operationsOf,
  requestArbitrary,
} from './openapi-client.ts'
import { castOf, namesPhoto } from './openapi-fixtures.ts'
import type { Mode } from './schema-arbitrary.ts'

// The API fuzzed from its own OpenAPI document: for each operation, requests whose path parameters, query and
// body are generated from the operation's schemas (valid, on and past their bounds, hostile), sent anonymously
// and signed in. No answer may be a 5xx, and each must be one the document declares, its body in that status's
// schema. `npm test` runs a few seconds of it; `npm run fuzz` runs it for longer (FUZZ_RUNS per operation).

const RUNS = Number(process.env.FUZZ_RUNS ?? 20)
const SEED = process.env.FUZZ_SEED === undefined ? undefined : Number(process.env.FUZZ_SEED)

const t = await createTestApp()
afterAll(() => t.close())
const document = await loadDocument(t.app)
const { problem, resolve } = createAnswerCheck(document)
const operations = operationsOf(document)

describe.each(operations.map((operation) => ({ name: `${operation.method} ${operation.path}`, operation })))(
  '$name',
  ({ operation }) => {
    // More inputs, more combinations to try: a run per operation, and more for every four inputs it takes.
    const inputs =
      (operation.spec.parameters ?? []).length +
      Object.keys(operation.spec.requestBody?.content['application/json']?.schema?.properties ?? {}).length
    const runs = RUNS * (1 + Math.floor(inputs / 4))
    test(
      `${runs} requests from its schemas: never a 5xx, every answer as the document says`,
      async () => {
        const cast = await castOf(t.app, { photo: namesPhoto(operation.path) })
        const request = fc
          .constantFrom<Mode>('valid', 'edge', 'hostile')
          .chain((mode) => requestArbitrary(operation, mode, resolve, cast.known))
        await fc.assert(
          fc.asyncProperty(
            request,
            fc.boolean(),
            fc.constantFrom('identity', 'gzip', 'br'),
            async (parts, signedIn, encoding) => {
              const headers = {
                origin: BASE_URL,
                'accept-encoding': encoding,
                ...(signedIn ? { cookie: cast.owner.cookie } : {}),
              }
              const response = await injectAnswer(
                t.app,
                operation,
                buildRequest(operation, parts, { headers, picture: cast.picture }),
              )
              expect(response.statusCode, response.body.slice(0, 300)).toBeLessThan(500)
              expect(problem(operation, response)).toBeUndefined()
            },
          ),
          { numRuns: runs, ...(SEED === undefined ? {} : { seed: SEED }) },
        )
      },
      // Generous: a loaded machine answers slowly, and the point is the answers, not their speed.
      Math.max(60_000, runs * 1_000),
    )
  },
)
