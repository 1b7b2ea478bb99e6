import type { FastifyBaseLogger } from 'fastify'
import type { DatabaseHandle } from '../db/client.ts'
import { LIVE_CHANNEL } from './live-events.ts'
import { createLiveHub, type LiveOptions } from './live-hub.ts'
import { createLiveRepository } from './live-repository.ts'

/**
 * Live delivery for this process: its open streams (the hub) and the channel every process's writes notify
 * (docs/decisions/038). On PostgreSQL a connection of its own LISTENs; a lost one reconnects and the streams
 * catch up from the data. On PGlite the one in-process database notifies its own listener.
 */
export async function startLive(database: DatabaseHandle, log: FastifyBaseLogger, options: LiveOptions = {}) {
  const hub = createLiveHub(createLiveRepository(database.db), log, options)
  const stop = await database.listen(LIVE_CHANNEL, {
    onNotify: (payload) => hub.notify(payload),
    onReconnect: () => {
      log.warn('live: listening again after a lost connection; open streams catch up')
      hub.resync()
    },
  })
  return {
    hub,
    /** Ends every open stream (before the server closes: it waits for open requests). */
    endStreams: () => hub.close(),
    stopListening: stop,
  }
}

export type Live = Awaited<ReturnType<typeof startLive>>
