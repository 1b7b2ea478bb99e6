import pg from 'pg'

export type Listener = {
  /** Called with each notification's payload, in the order PostgreSQL delivers them (commit order). */
  onNotify: (payload: string) => void
  /**
   * Called after a lost listening connection is back: notifications sent meanwhile are lost (PostgreSQL keeps
   * none for a listener that was away), so whoever relies on them must catch up from the data.
   */
  onReconnect?: () => void
}

// Reconnecting waits this long, doubling up to the last, so a database restart isn't met with a storm.
const RETRY_MS = [100, 500, 1000, 2000, 5000]

/**
 * LISTEN on a connection of its own, outside the pool: a pooled connection returns to the pool between
 * queries, and a listener must stay. It reconnects by itself when the database goes away. Resolves once
 * listening; the returned function stops.
 */
export async function listenOnPostgres(url: string, channel: string, listener: Listener) {
  let client: pg.Client | undefined
  let stopped = false
  let attempt = 0
  let retry: NodeJS.Timeout | undefined

  async function connect(): Promise<void> {
    const next = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 })
    next.on('notification', (message) => {
      if (message.channel === channel && message.payload !== undefined) listener.onNotify(message.payload)
    })
    next.on('error', () => {
      // 'end' follows and reconnects; an error alone must not crash the process.
    })
    next.on('end', () => {
      if (stopped || client !== next) return
      client = undefined
      schedule()
    })
    try {
      await next.connect()
      await next.query(`listen ${pg.escapeIdentifier(channel)}`)
    } catch (error) {
      await next.end().catch(() => {})
      throw error
    }
    if (stopped) {
      await next.end()
      return
    }
    client = next
  }

  function schedule() {
    const wait = RETRY_MS[Math.min(attempt, RETRY_MS.length - 1)]!
    attempt++
    retry = setTimeout(() => {
      retry = undefined
      connect().then(
        () => {
          attempt = 0
          if (!stopped) listener.onReconnect?.()
        },
        () => {
          if (!stopped) schedule()
        },
      )
    }, wait)
    retry.unref()
  }

  await connect()
  return async () => {
    stopped = true
    if (retry) clearTimeout(retry)
    const current = client
    client = undefined
    await current?.end().catch(() => {})
  }
}
