import { LogController, type FastifyReply, type FastifyRequest } from 'fastify'
import pino from 'pino'
import type { Config } from './env.ts'

/**
 * One line per request, written when the answer is finished, with the request, the status and the time taken:
 * what Fastify's two lines ("incoming request", "request completed") say between them, for half the formatting.
 * Fastify's own serializers shape `req` and `res`, so the line reads as before.
 */
class OneLinePerRequest extends LogController {
  override incomingRequest() {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    if (this.isLogDisabled(request)) return
    const line = { req: request, res: reply, responseTime: reply.elapsedTime }
    if (error) reply.log.error({ ...line, err: error }, 'request errored')
    else reply.log.info(line, 'request completed')
  }
}

/**
 * Fastify's logger options. Lines go to stdout through sonic-boom without blocking: pino's default writes each
 * line with its own synchronous write(2), two per request, which was a tenth of the server's CPU on a cached
 * answer. Asynchronously, lines written while a write is under way go out together in the next one, so a busy
 * server makes one system call per batch and an idle one still writes each line at once. pino flushes what is
 * left when the process exits (docs/decisions/020-request-fixed-cost.md).
 */
export function loggerOptions(level: Config['logLevel']) {
  if (level === 'silent') return { logger: false as const }
  return {
    logger: { level, stream: pino.destination({ dest: 1, sync: false }) },
    logController: new OneLinePerRequest(),
  }
}
