import type { AddressInfo } from 'node:net'
import { simpleParser, type ParsedMail } from 'mailparser'
import { SMTPServer } from 'smtp-server'

export type CapturedMail = ParsedMail & { to: string; rawText: string }

/**
 * A real SMTP server on a free local port that keeps what it receives, for tests that follow a mail's link.
 * `refuseFirst` answers that many messages with a temporary failure first (to exercise retries). `hold` never
 * answers the messages it names: the sender waits, mid-send, until it gives up or dies (`held` counts them).
 */
export async function startSmtpCapture({
  refuseFirst = 0,
  hold = (_to: string) => false,
}: { refuseFirst?: number; hold?: (to: string) => boolean } = {}) {
  const received: CapturedMail[] = []
  const waiters: (() => void)[] = []
  let refused = 0
  let held = 0
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((rcpt) => rcpt.address).join(', ')
        if (hold(to)) {
          held++
          waiters.splice(0).forEach((wake) => wake())
          return
        }
        if (refused < refuseFirst) {
          refused++
          const error = Object.assign(new Error('Try again later'), { responseCode: 451 })
          return callback(error)
        }
        const raw = Buffer.concat(chunks)
        simpleParser(raw).then((mail) => {
          received.push(
            Object.assign(mail, {
              to: session.envelope.rcptTo.map((rcpt) => rcpt.address).join(', '),
              rawText: raw.toString('utf8'),
            }),
          )
          waiters.splice(0).forEach((wake) => wake())
          callback()
        }, callback)
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.server.address() as AddressInfo

  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    get refused() {
      return refused
    },
    /** Resolves once `count` messages are being held (see `hold`). */
    async held(count = 1, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs
      while (held < count) {
        const left = deadline - Date.now()
        if (left <= 0) throw new Error(`${held} held messages after ${timeoutMs} ms, not ${count}`)
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left)
          waiters.push(() => {
            clearTimeout(timer)
            resolve()
          })
        })
      }
    },
    /** The first mail to `to` received from now on or already there and not yet taken; fails after timeoutMs. */
    async next(to: string, timeoutMs = 5000): Promise<CapturedMail> {
      const deadline = Date.now() + timeoutMs
      for (;;) {
        const index = received.findIndex((mail) => mail.to === to.toLowerCase() || mail.to === to)
        if (index >= 0) return received.splice(index, 1)[0]!
        const left = deadline - Date.now()
        if (left <= 0) throw new Error(`no mail to ${to} within ${timeoutMs} ms`)
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left)
          waiters.push(() => {
            clearTimeout(timer)
            resolve()
          })
        })
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

export type SmtpCapture = Awaited<ReturnType<typeof startSmtpCapture>>

/** The one link in a mail's text that starts with `prefix` (the site's address). */
export function linkIn(mail: { text?: string }, prefix: string): string {
  const links = (mail.text ?? '').match(/https?:\/\/\S+/g) ?? []
  const found = links.filter((link) => link.startsWith(prefix))
  if (found.length !== 1) throw new Error(`expected one link to ${prefix} in: ${mail.text}`)
  return found[0]!
}
