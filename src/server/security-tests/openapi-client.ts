import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib'
import { Ajv2020 } from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'
import type { InjectOptions, LightMyRequestResponse } from 'fastify'
import fc from 'fast-check'
import type { App } from '../app.ts'
import { multipart } from '../photos/test-images.ts'
import { arbitrary, encodable, type Mode, type Schema } from './schema-arbitrary.ts'

// The API as its OpenAPI document describes it: the operations, requests built from their schemas, and each
// answer checked against the document with a JSON Schema 2020-12 validator.

type Parameter = {
  name: string
  in: 'path' | 'query' | 'header' | 'cookie'
  required?: boolean
  schema: Schema
}
type Media = { schema?: Schema }
type Header = { required?: boolean; schema?: Schema }
type OperationObject = {
  operationId: string
  parameters?: Parameter[]
  requestBody?: { content: Record<string, Media> }
  responses: Record<
    string,
    { description?: string; content?: Record<string, Media>; headers?: Record<string, Header> }
  >
  security?: Record<string, string[]>[]
}
export type OpenApiDocument = {
  openapi: string
  paths: Record<string, Record<string, OperationObject>>
  components: { schemas?: Record<string, Schema>; securitySchemes: Record<string, Schema> }
}
export type Operation = {
  method: string
  /** The path as the document writes it: `/api/roommate-listings/{id}`. */
  path: string
  /** As Fastify registered it: `PUT /api/roommate-listings/:id`. */
  route: string
  spec: OperationObject
}
/** A request's variable parts; `path` values go into the URL as they are (already encoded). */
export type RequestParts = { path: Record<string, string>; query: Record<string, unknown>; body?: unknown }

const METHODS = ['get', 'put', 'post', 'delete', 'patch']

export async function loadDocument(app: App): Promise<OpenApiDocument> {
  const response = await app.inject({ method: 'GET', url: '/api/openapi.json' })
  if (response.statusCode !== 200) throw new Error(`the document: ${response.statusCode} ${response.body}`)
  return response.json()
}

export function operationsOf(document: OpenApiDocument): Operation[] {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => METHODS.includes(method))
      .map(([method, spec]) => ({
        method: method.toUpperCase(),
        path,
        route: `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`,
        spec,
      })),
  )
}

const pointer = (...segments: string[]) =>
  segments.map((segment) => encodeURIComponent(segment.replaceAll('~', '~0').replaceAll('/', '~1'))).join('/')

/** The body an answer carries, decompressed when the request asked for compression. */
function bodyOf(response: LightMyRequestResponse): string {
  const encoding = response.headers['content-encoding']
  const raw = response.rawPayload
  if (encoding === 'br') return brotliDecompressSync(raw).toString('utf8')
  if (encoding === 'gzip') return gunzipSync(raw).toString('utf8')
  if (encoding === 'deflate') return inflateSync(raw).toString('utf8')
  return raw.toString('utf8')
}

/**
 * Sends a request of the operation. An event stream never ends by itself: its answer is taken as soon as its
 * headers are, the stream dropped on a 200 (the client going away) and read to the end otherwise.
 */
export async function injectAnswer(
  app: App,
  operation: Operation,
  request: InjectOptions,
): Promise<LightMyRequestResponse> {
  if (!operation.spec.responses['200']?.content?.['text/event-stream']) return app.inject(request)
  const response = await app.inject({ ...request, payloadAsStream: true })
  const stream = response.stream()
  const chunks: Buffer[] = []
  if (response.statusCode === 200) stream.destroy()
  else for await (const chunk of stream) chunks.push(chunk as Buffer)
  const rawPayload = Buffer.concat(chunks)
  return Object.assign(Object.create(response) as LightMyRequestResponse, {
    rawPayload,
    body: rawPayload.toString('utf8'),
    payload: rawPayload.toString('utf8'),
  })
}

/**
 * Checks answers against the document: the status declared for the operation, its headers (`Cache-Control`) and
 * its body valid for that status.
 */
export function createAnswerCheck(document: OpenApiDocument) {
  const ajv = new Ajv2020({ strict: false, allErrors: false })
  addFormats.default(ajv)
  ajv.addSchema(document as unknown as Schema, 'openapi.json')
  const resolve = (ref: string): Schema => {
    const path = ref.replace(/^#\//, '').split('/')
    return path.reduce<Schema>((node, key) => node[key] as Schema, document as unknown as Schema)
  }
  /** Undefined when the answer conforms, else what is wrong with it. */
  function problem(operation: Operation, response: LightMyRequestResponse): string | undefined {
    const status = String(response.statusCode)
    const declared = operation.spec.responses[status]
    const where = `${operation.method} ${operation.path} answered ${status}`
    if (!declared) return `${where}, which the document doesn't declare: ${response.body.slice(0, 200)}`
    const base = pointer('paths', operation.path, operation.method.toLowerCase(), 'responses', status)
    for (const [name, header] of Object.entries(declared.headers ?? {})) {
      const value = response.headers[name.toLowerCase()]
      if (value === undefined) {
        if (header.required) return `${where} without the header ${name}`
        continue
      }
      const validate = ajv.getSchema(`openapi.json#/${base}/headers/${pointer(name)}/schema`)
      if (validate && !validate(value)) return `${where} with ${name}: ${String(value)}, outside its schema`
    }
    if (
      declared.content?.['text/event-stream'] &&
      !/^text\/event-stream/.test(String(response.headers['content-type']))
    )
      return `${where} as ${response.headers['content-type']}, not an event stream`
    // An answer the document gives no content has none: not even a JSON `null`.
    if (!declared.content && bodyOf(response) !== '')
      return `${where} with a body the document doesn't declare: ${bodyOf(response).slice(0, 200)}`
    const media = declared.content?.['application/json']
    if (!media?.schema) return undefined
    if (!/^application\/json/.test(String(response.headers['content-type'])))
      return `${where} as ${response.headers['content-type']}, not JSON`
    let body: unknown
    try {
      body = JSON.parse(bodyOf(response))
    } catch {
      return `${where} with a body that isn't JSON: ${response.body.slice(0, 200)}`
    }
    const ref = `openapi.json#/${base}/${pointer('content', 'application/json', 'schema')}`
    const validate = ajv.getSchema(ref)
    if (!validate) throw new Error(`no schema at ${ref}`)
    if (validate(body)) return undefined
    return `${where} with a body outside its schema: ${ajv.errorsText(validate.errors)}: ${JSON.stringify(body).slice(0, 300)}`
  }
  return { problem, resolve }
}

/** Values for an operation's path parameters, query and body, from their schemas in the document. */
export function requestArbitrary(
  operation: Operation,
  mode: Mode,
  resolve: (ref: string) => Schema,
  known: Record<string, string[]>,
): fc.Arbitrary<RequestParts> {
  const parameters = operation.spec.parameters ?? []
  const inPath = parameters.filter((parameter) => parameter.in === 'path')
  const inQuery = parameters.filter((parameter) => parameter.in === 'query')
  const path = fc.record(
    Object.fromEntries(
      inPath.map(({ name, schema }) => {
        const generated = arbitrary(schema, mode, resolve).map((value) => encodable(String(value)))
        const pool = known[name] ?? []
        if (pool.length === 0) return [name, generated]
        // Mostly things that exist, so requests get past "not found".
        return [name, fc.oneof({ arbitrary: fc.constantFrom(...pool), weight: 4 }, generated)]
      }),
    ),
  )
  const generatedQuery = arbitrary(
    {
      type: 'object',
      properties: Object.fromEntries(inQuery.map(({ name, schema }) => [name, schema])),
      required: inQuery.filter((parameter) => parameter.required).map(({ name }) => name),
    },
    mode,
    resolve,
  ).map((value) =>
    // A query string is always a set of names and values, whatever the fuzzer made of the whole.
    value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {},
  )
  // A query parameter with values known to be good (a callback URL the server trusts) mostly gets one of them, so
  // requests get past the check of that value to what the route answers beyond it (a redirect, say).
  const knownQuery = fc.record(
    Object.fromEntries(
      inQuery
        .filter(({ name }) => (known[name] ?? []).length > 0)
        .map(({ name }) => [
          name,
          fc.oneof({ arbitrary: fc.constantFrom(...known[name]!), weight: 4 }, fc.constant(undefined)),
        ]),
    ),
  )
  const query = fc.tuple(generatedQuery, knownQuery).map(([generated, chosen]) => ({
    ...generated,
    ...Object.fromEntries(Object.entries(chosen).filter(([, value]) => value !== undefined)),
  }))
  const json = operation.spec.requestBody?.content['application/json']?.schema
  const body = json ? arbitrary(json, mode, resolve) : fc.constant(undefined)
  return fc.record({ path, query, body }, { requiredKeys: ['path', 'query'] })
}

const queryValue = (value: unknown): string =>
  typeof value === 'string' ? value : typeof value === 'object' ? JSON.stringify(value) : String(value)

/** The request for these parts, as a client of the document would send it. */
export function buildRequest(
  operation: Operation,
  parts: RequestParts,
  { headers = {}, picture }: { headers?: Record<string, string>; picture?: Buffer } = {},
): InjectOptions {
  const url = operation.path.replace(/\{(\w+)\}/g, (_, name: string) => parts.path[name] ?? 'missing')
  const search = new URLSearchParams()
  for (const [key, value] of Object.entries(parts.query))
    for (const item of Array.isArray(value) ? value : [value]) search.append(key, queryValue(item))
  const request: InjectOptions = {
    method: operation.method as InjectOptions['method'],
    url: search.size > 0 ? `${url}?${search}` : url,
    headers,
  }
  const content = operation.spec.requestBody?.content ?? {}
  if (content['multipart/form-data'] && picture) {
    const form = multipart(picture, { type: 'image/png', filename: 'room.png' })
    return { ...request, payload: form.payload, headers: { ...form.headers, ...headers } }
  }
  if (content['application/json'] && parts.body !== undefined)
    return {
      ...request,
      payload: JSON.stringify(parts.body),
      headers: { 'content-type': 'application/json', ...headers },
    }
  return request
}
