import path from 'node:path'
import type { FastifyBaseLogger } from 'fastify'
import { createTransport } from 'nodemailer'
import type { Config } from '../env.ts'
import { createOutbox } from './outbox.ts'

/**
 * A mail ready to go; `link` is its one-time link, logged only when the mail is saved instead of sent. `headers`:
 * any beyond the usual (an alert's List-Unsubscribe).
 */
export type OutgoingMail = {
  to: string
  subject: string
  text: string
  html: string
  link: string
  headers?: Record<string, string>
  /** An iCalendar invitation (a viewing's), sent as nodemailer's alternative text/calendar part and attachment. */
  icalEvent?: { method: 'REQUEST' | 'CANCEL'; filename: string; content: string }
}

export type Mailer = {
  /** Queues the mail and returns at once: a request never waits for (or fails because of) the mail server. */
  send(mail: OutgoingMail): void
  /**
   * Sends the mail now, once, with no retries of its own: for background jobs, which retry through the job
   * queue (jobs/send-mail-once.ts). Throws `MailNotSent` when the mail certainly did not go out.
   */
  deliver(mail: OutgoingMail): Promise<void>
  /** Resolves once every queued mail has been delivered or given up on (tests, shutdown). */
  idle(): Promise<void>
  /** Stops retrying and closes the SMTP connection. */
  close(): Promise<void>
}

// A failed send is tried again after these waits (then given up on, logged): a mail server that is down for
// a minute loses nothing, and the person can always ask for another mail.
export const RETRY_DELAYS_MS = [2_000, 15_000, 60_000]

/** The mail did not go out: the mail server said no, or the send failed before the message was handed over. */
export class MailNotSent extends Error {}

// SMTP steps before the message itself: a failure there means the server never had it.
const BEFORE_MESSAGE = /^(CONN|EHLO|HELO|LHLO|STARTTLS|AUTH|MAIL FROM|RCPT TO)/

/**
 * Whether a failed send certainly left nothing at the mail server: it answered with an error code, or the
 * failure came before the message. A connection lost during or after the message is not certain: the server
 * may have accepted it.
 */
function certainlyNotSent(error: unknown) {
  const { responseCode, command } = (error ?? {}) as { responseCode?: unknown; command?: unknown }
  return typeof responseCode === 'number' || (typeof command === 'string' && BEFORE_MESSAGE.test(command))
}

/** A wait that close() can cut short (every waiting retry then gives up). */
const sleep = (ms: number, waits: Map<NodeJS.Timeout, () => void>) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(() => {
      waits.delete(timer)
      resolve()
    }, ms)
    waits.set(timer, resolve)
  })

export function createMailer(
  config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'dataDir'>,
  log: FastifyBaseLogger,
  { retryDelaysMs = RETRY_DELAYS_MS } = {},
): Mailer {
  const from = config.mailFrom
  const smtp = config.smtpUrl
    ? createTransport({
        url: config.smtpUrl,
        // nodemailer's defaults wait minutes; a stuck server should fail and be retried instead.
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 30_000,
      })
    : undefined
  const outbox = smtp ? undefined : createOutbox(path.join(config.dataDir, 'mail'))
  if (outbox) log.warn(`No SMTP_URL: mail is written to ${outbox.dir} and its links are logged.`)

  const pending = new Set<Promise<void>>()
  const waits = new Map<NodeJS.Timeout, () => void>()
  let closed = false

  async function deliver(mail: OutgoingMail) {
    const message = {
      from,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      ...(mail.headers ? { headers: mail.headers } : {}),
      ...(mail.icalEvent ? { icalEvent: mail.icalEvent } : {}),
    }
    if (outbox) {
      // A file that could not be written was not sent.
      const file = await outbox.save(message).catch((error: Error) => {
        throw new MailNotSent(error.message, { cause: error })
      })
      log.info(`Mail "${mail.subject}" saved to ${file}. Its link: ${mail.link}`)
      return
    }
    try {
      await smtp!.sendMail(message)
    } catch (error) {
      if (certainlyNotSent(error)) throw new MailNotSent((error as Error).message, { cause: error })
      throw error
    }
  }

  async function deliverWithRetries(mail: OutgoingMail) {
    for (let attempt = 0; ; attempt++) {
      try {
        await deliver(mail)
        return
      } catch (error) {
        const wait = retryDelaysMs[attempt]
        // The address is the person's; the log says which mail failed and why, not to whom.
        const reason = error instanceof Error ? error.message : String(error)
        if (wait === undefined || closed) {
          log.error(`Mail "${mail.subject}" could not be sent after ${attempt + 1} tries: ${reason}`)
          return
        }
        log.warn(`Mail "${mail.subject}" failed (${reason}); trying again in ${wait / 1000} s`)
        await sleep(wait, waits)
        if (closed) return
      }
    }
  }

  return {
    deliver,
    send(mail) {
      if (closed) return
      const job = deliverWithRetries(mail).finally(() => pending.delete(job))
      pending.add(job)
    },
    async idle() {
      while (pending.size > 0) await Promise.all(pending)
    },
    async close() {
      closed = true
      for (const [timer, resolve] of waits) {
        clearTimeout(timer)
        resolve()
      }
      waits.clear()
      await Promise.all(pending)
      smtp?.close()
    },
  }
}
