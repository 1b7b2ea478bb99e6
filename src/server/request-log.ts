import { LogController, type FastifyReply, type FastifyRequest } from 'fastify'
import os from 'node:os'
import pino from 'pino'
import type { Config } from './env.ts'

type Out = { write(text: string): unknown }

const json = JSON.stringify
// The parts of a "request completed" line that are the same for every request, as pino writes them.
const head = `{"level":30,"time":`
const pidAndHost = `,"pid":${process.pid},"hostname":${json(os.hostname())},"reqId":`

/**
 * One line per request, written when the answer is finished, with the request, the status and the time taken:
 * what Fastify's two lines ("incoming request", "request completed") said between them, for half the formatting.
 * A finished request's line is put together here, with the fields and the order pino gives it through Fastify's
 * `req` and `res` serializers: pino's generic path (bindings, serializers, a stringify per object) took as long
 * as the rest of a cached answer's own work. An error still goes through pino, with its stack.
 */
class OneLinePerRequest extends LogController {
  constructor(
    private readonly out: Out,
    private readonly infoEnabled: boolean,
  ) {
    super()
  }

  override incomingRequest() {}

  /**
   * An event stream (GET /api/live) ends when its browser leaves. Fastify reports that as a stream closed
   * prematurely and, the answer never finishing, writes no request line: here it is that request's line, as for
   * any other request. Other stream errors are logged as Fastify logs them.
   */
  override streamError(error: Error & { code?: string }, request: FastifyRequest, reply: FastifyReply) {
    if (error.code === 'ERR_STREAM_PREMATURE_CLOSE') return this.requestCompleted(null, request, reply)
    super.streamError(error, request, reply)
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    if (this.isLogDisabled(request)) return
    if (error) {
      reply.log.error(
        { req: request, res: reply, responseTime: reply.elapsedTime, err: error },
        'request errored',
      )
      return
    }
    if (!this.infoEnabled) return
    this.out.write(
      `${head}${Date.now()}${pidAndHost}${json(request.id)},"req":{"method":${json(request.method)},"url":${json(request.url)},` +
        `"host":${json(request.host)},"remoteAddress":${json(request.ip ?? null)},"remotePort":${request.socket.remotePort ?? null}},` +
        `"res":{"statusCode":${reply.statusCode}},"responseTime":${reply.elapsedTime},"msg":"request completed"}\n`,
    )
  }
}

// A burst larger than this is written at once rather than held to the end of the window.
const MAX_BATCH = 64 * 1024
// How long a line may wait for others to share its write(2).
const WINDOW_MS = 20

/**
 * stdout, with the lines of a short window (20 ms) written together by one write(2). pino's default writes each line
 * at once, and even its asynchronous mode sends each line to the thread pool by itself when the disk keeps up: a
 * system call or a thread hand-off per line was a tenth of the server's CPU on a cached answer. Held to the end of
 * one event-loop turn instead, the lines still took a write(2) every few requests under load (5 % of the server's
 * CPU on /api/stats); a 20 ms window takes fifty a second at most. What is held is written when the process exits
 * (`exit` also runs after an uncaught exception); only a SIGKILL loses it, at most 20 ms of lines. The timer is
 * unreferenced, so it never keeps a finished process alive.
 */
export function batchedStdout(
  out: { write(text: string): unknown } = pino.destination({ dest: 1, sync: true }),
) {
  let pending = ''
  let timer: NodeJS.Timeout | undefined
  const flush = () => {
    if (timer) clearTimeout(timer)
    timer = undefined
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
      else timer ??= setTimeout(flush, WINDOW_MS).unref()
    },
    flush,
  }
}

/** Fastify's logger options (docs/decisions/020-request-fixed-cost.md). */
export function loggerOptions(level: Config['logLevel'], out?: Out) {
  if (level === 'silent') return { logger: false as const }
  const stream = batchedStdout(out)
  const infoEnabled = pino.levels.values[level]! <= pino.levels.values.info!
  return {
    logger: { level, stream },
    logController: new OneLinePerRequest(stream, infoEnabled),
  }
}
