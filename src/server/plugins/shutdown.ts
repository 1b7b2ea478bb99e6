import type { FastifyInstance } from 'fastify'

/**
 * The first phase of a graceful shutdown. Closing the listening socket resets every connection still waiting
 * in the kernel's accept queue, so for a moment we keep accepting and answer each new request 503 with
 * `Connection: close`: clients retry elsewhere and a load balancer sees /api/health fail before the port goes.
 */
export function registerShutdownDrain(app: FastifyInstance): () => void {
  let draining = false
  // Synchronous, so the common case (not draining) costs no promise per request. Answering without calling
  // `done` ends the request here.
  app.addHook('onRequest', (_request, reply, done) => {
    if (!draining) return done()
    reply
      .header('connection', 'close')
      .status(503)
      .send({ error: 'The server is restarting; try again shortly.' })
  })
  return () => {
    draining = true
  }
}
