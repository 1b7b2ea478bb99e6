import type { FastifyInstance } from 'fastify'

/**
 * The first phase of a graceful shutdown. Closing the listening socket resets every connection still waiting
 * in the kernel's accept queue, so for a moment we keep accepting and answer each new request 503 with
 * `Connection: close`: clients retry elsewhere and a load balancer sees /api/health fail before the port goes.
 */
export function registerShutdownDrain(app: FastifyInstance): () => void {
  let draining = false
  app.addHook('onRequest', async (_request, reply) => {
    if (!draining) return
    reply.header('connection', 'close')
    return reply.status(503).send({ error: 'The server is restarting; try again shortly.' })
  })
  return () => {
    draining = true
  }
}
