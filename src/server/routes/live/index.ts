import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { LiveHeadersSchema, LiveQuerySchema } from '#shared/conversations.ts'
import { ApiErrorSchema } from '#shared/errors.ts'
import { HttpError } from '../../plugins/errors.ts'
import { MAX_STREAMS_PER_PERSON, type LiveHub, type LiveStream } from '../../live/live-hub.ts'
import { createSseSink, EventStreamSchema } from '../../live/sse.ts'

/**
 * `GET /api/live`: the signed-in person's event stream (Server-Sent Events, docs/decisions/038). A reconnecting
 * EventSource sends `Last-Event-ID`, the last message id it got, and receives what it missed; a first connection
 * may give the same as `?after=`. Fastify sends the stream as any other body: the security headers and the
 * request's one log line apply; the compression hook leaves streams alone.
 */
export const liveRoutes =
  (
    hub: LiveHub,
    sessionOf: (cookie: string | undefined) => Promise<{ id: string } | null>,
  ): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/live',
      {
        // A HEAD would open a stream nobody reads.
        exposeHeadRoute: false,
        config: { auth: 'signed-in' },
        schema: {
          querystring: LiveQuerySchema,
          headers: LiveHeadersSchema,
          response: {
            200: EventStreamSchema,
            429: ApiErrorSchema.describe(`${MAX_STREAMS_PER_PERSON} streams of the caller are open already.`),
          },
        },
      },
      async (request, reply) => {
        const userId = request.user.id
        const resumeFrom = request.headers['last-event-id']
        const after = resumeFrom !== undefined ? Number(resumeFrom) : (request.query.after ?? null)
        const cookie = request.headers.cookie
        const stream: LiveStream = {
          userId,
          sessionId: request.user.sessionId,
          sink: createSseSink(() => hub.remove(stream)),
          cursor: 0,
          checkedAt: Date.now(),
          recheck: async () => (await sessionOf(cookie))?.id === userId,
        }
        if (!hub.add(stream, after))
          throw new HttpError(429, 'Too many live connections are open; close a tab and try again.')
        return (
          reply
            .header('Content-Type', 'text/event-stream; charset=utf-8')
            .header('Cache-Control', 'no-store, no-transform')
            // Tells a buffering proxy (nginx) to pass each event on as it comes.
            .header('X-Accel-Buffering', 'no')
            .send(stream.sink.body)
        )
      },
    )
  }
