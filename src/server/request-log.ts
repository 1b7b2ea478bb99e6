import { LogController, type FastifyReply, type FastifyRequest } from 'fastify'
import pino from 'pino'
import type { Config } from './env.ts'

/**
 * One line per request, written when the answer is finished, with the request, the status and the time taken:
 * what Fastify's two lines ("incoming request", "request completed") said between them, for half the formatting.
 * Fastify's own serializers shape `req` and `res`.
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

// A burst larger than this is written at once rather than held to the end of the turn.
const MAX_BATCH = 64 * 1024

/**
 * stdout, with the lines of one event-loop turn written together by one write(2) when the turn ends. pino's
 * default writes each line at once, and even its asynchronous mode sends each line to the thread pool by itself
 * when the disk keeps up: a system call or a thread hand-off per line was a tenth of the server's CPU on a
 * cached answer. Under load a turn finishes many requests; alone, a line waits for nothing but the end of the
 * turn. What is held is written when the process exits (`exit` also runs after an uncaught exception); only a
 * SIGKILL loses it, at most one turn's lines.
 */
export function batchedStdout() {
  const out = pino.destination({ dest: 1, sync: true })
  let pending = ''
  let scheduled = false
  const flush = () => {
    scheduled = false
    if (pending === '') return
    const text = pending
    pending = ''
    out.write(text)
  }
  process.on('exit', flush)
  return {
    write(line: string) {
      pending += line
      if (pending.length >= MAX_BATCH) flush()
      else if (!scheduled) {
        scheduled = true
        setImmediate(flush)
      }
    },
  }
}

/** Fastify's logger options (docs/decisions/020-request-fixed-cost.md). */
export function loggerOptions(level: Config['logLevel']) {
  if (level === 'silent') return { logger: false as const }
  return {
    logger: { level, stream: batchedStdout() },
    logController: new OneLinePerRequest(),
  }
}
