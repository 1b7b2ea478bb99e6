import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify'
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod'

/** An expected failure with a status and a message safe to show (docs/architecture.md §4, error shape). */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message)
  }
}

const clientMessages: Record<string, string> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Send the body as application/json.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large.',
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is not valid JSON.',
}

/**
 * Fastify's own refusals before any route is found: a path with a broken percent-encoding (400) or a path
 * parameter over 100 characters (414), in the API's error shape instead of Fastify's (which named its error code).
 * Fastify's `frameworkErrors` option.
 */
export function frameworkErrors(error: FastifyError, _request: unknown, reply: FastifyReply) {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH')
    return reply.status(414).send({ error: 'A part of the address is too long.' })
  return reply.status(400).send({ error: 'The address is not valid.' })
}

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((issue) => ({
        path: issue.instancePath.replace(/^\//, '').replaceAll('/', '.'),
        message: issue.message,
      }))
      return reply.status(400).send({ error: issues[0]?.message ?? 'Invalid request.', issues })
    }
    if (error instanceof HttpError) return reply.status(error.statusCode).send({ error: error.message })
    const status = error.statusCode ?? 500
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed')
      const unavailable = isDatabaseDown(error)
      return reply.status(unavailable ? 503 : 500).send({
        error: unavailable ? 'The database is unavailable; try again shortly.' : 'Something went wrong.',
      })
    }
    if (status === 429) {
      // @fastify/rate-limit throws what app.ts's errorResponseBuilder built: its `error` says when to try again.
      const builtMessage = (error as { error?: unknown }).error
      const message = typeof builtMessage === 'string' ? builtMessage : error.message
      return reply.status(429).send({ error: message || 'Too many requests; slow down.' })
    }
    if (status >= 400) {
      // SyntaxError from JSON.parse carries a 400 but its message may quote the body; keep it generic.
      const message =
        clientMessages[error.code] ??
        (error instanceof SyntaxError ? clientMessages.FST_ERR_CTP_INVALID_JSON_BODY : error.message)
      return reply.status(status).send({ error: message })
    }
    return reply.status(500).send({ error: 'Something went wrong.' })
  })
}

const DOWN_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  '57P01',
  '57P02',
  '57P03',
  '08006',
  '08001',
  '08003',
])

// pg: a server that went away mid-query or refuses connections; a closed pool or PGlite (shutting down).
const DOWN_MESSAGES =
  /Connection terminated|connect ECONNREFUSED|timeout exceeded when trying to connect|Cannot use a pool after calling end|PGlite is closed/

/** A lost or refused database connection is a 503 the client may retry, not a 500. */
export function isDatabaseDown(error: unknown): boolean {
  for (let current: unknown = error; current; current = (current as { cause?: unknown }).cause) {
    const code = (current as { code?: unknown }).code
    if (typeof code === 'string' && DOWN_CODES.has(code)) return true
    const message = (current as { message?: unknown }).message
    if (typeof message === 'string' && DOWN_MESSAGES.test(message)) return true
  }
  return false
}
