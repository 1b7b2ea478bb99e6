import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { FastifyBaseLogger } from 'fastify'
import { simpleParser } from 'mailparser'
import { afterAll, describe, expect, test } from 'vitest'
import { startSmtpCapture } from '../test/smtp-capture.ts'
import { createMailer } from './mailer.ts'
import { renderMail } from './mail-templates.ts'

const dataDir = mkdtempSync(path.join(tmpdir(), 'nestmate-mail-'))
afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

/** Pino's interface, keeping the lines (a real logger would only print them). */
function recordingLog() {
  const lines: { level: string; message: string }[] = []
  const at = (level: string) => (message: string) => void lines.push({ level, message })
  const log = { info: at('info'), warn: at('warn'), error: at('error') } as unknown as FastifyBaseLogger
  return { log, lines }
}

const LINK = 'http://localhost:3000/api/auth/reset-password/abc123?callbackURL=%2Freset-password'
const mail = (to: string) => ({
  to,
  link: LINK,
  ...renderMail('reset-password', {
    name: 'Pat <b>Doe</b>',
    link: LINK,
    siteName: 'Nestmate',
    baseUrl: 'http://localhost:3000',
  }),
})

describe('through SMTP', () => {
  test('a mail arrives with its sender, subject, link, plain text and HTML', async () => {
    const smtp = await startSmtpCapture()
    const { log } = recordingLog()
    const mailer = createMailer({ smtpUrl: smtp.url, mailFrom: 'Nestmate <hi@nestmate.test>', dataDir }, log)
    mailer.send(mail('pat@example.com'))
    const received = await smtp.next('pat@example.com')
    expect(received.from?.value).toEqual([{ name: 'Nestmate', address: 'hi@nestmate.test' }])
    expect(received.subject).toBe('Reset your Nestmate password')
    expect(received.text).toContain(`Choose a new password: ${LINK}`)
    expect(received.text).toContain('Hi Pat <b>Doe</b>,')
    // The person's name is text in the HTML part, never markup.
    expect(received.html).toContain('Hi Pat &#60;b&#62;Doe&#60;/b&#62;,')
    expect(received.html).toContain(`href="${LINK.replaceAll('&', '&#38;')}"`)
    expect(received.html).toContain('href="http://localhost:3000"')
    await mailer.close()
    await smtp.close()
  })

  test('a refused send is tried again with backoff, and the mail arrives', async () => {
    const smtp = await startSmtpCapture({ refuseFirst: 2 })
    const { log, lines } = recordingLog()
    const mailer = createMailer({ smtpUrl: smtp.url, mailFrom: 'hi@nestmate.test', dataDir }, log, {
      retryDelaysMs: [20, 20, 20],
    })
    mailer.send(mail('retry@example.com'))
    await mailer.idle()
    expect((await smtp.next('retry@example.com')).subject).toBe('Reset your Nestmate password')
    expect(smtp.refused).toBe(2)
    expect(lines.filter((line) => line.level === 'warn')).toHaveLength(2)
    // The log says which mail failed, not to whom.
    expect(JSON.stringify(lines)).not.toContain('retry@example.com')
    await mailer.close()
    await smtp.close()
  })

  test('after the last retry the mail is given up on and logged as an error', async () => {
    const smtp = await startSmtpCapture({ refuseFirst: 10 })
    const { log, lines } = recordingLog()
    const mailer = createMailer({ smtpUrl: smtp.url, mailFrom: 'hi@nestmate.test', dataDir }, log, {
      retryDelaysMs: [10, 10],
    })
    mailer.send(mail('lost@example.com'))
    await mailer.idle()
    expect(smtp.refused).toBe(3)
    expect(lines.at(-1)).toEqual({
      level: 'error',
      message: expect.stringMatching(/^Mail "Reset your Nestmate password" could not be sent after 3 tries/),
    })
    await mailer.close()
    await smtp.close()
  })

  test('send returns at once even when the server is unreachable', async () => {
    const { log } = recordingLog()
    const mailer = createMailer(
      { smtpUrl: 'smtp://127.0.0.1:9', mailFrom: 'hi@nestmate.test', dataDir },
      log,
      {
        retryDelaysMs: [60_000],
      },
    )
    const started = performance.now()
    mailer.send(mail('nowhere@example.com'))
    expect(performance.now() - started).toBeLessThan(50)
    await mailer.close()
  })
})

describe('without SMTP_URL', () => {
  test('each mail is a private .eml file in DATA_DIR/mail and its link is logged', async () => {
    const { log, lines } = recordingLog()
    const mailer = createMailer({ smtpUrl: undefined, mailFrom: 'hi@nestmate.test', dataDir }, log)
    expect(lines[0]).toEqual({ level: 'warn', message: expect.stringContaining(path.join(dataDir, 'mail')) })
    mailer.send(mail('offline@example.com'))
    await mailer.idle()
    const dir = path.join(dataDir, 'mail')
    const [name] = readdirSync(dir)
    const file = path.join(dir, name!)
    expect(statSync(dir).mode & 0o777).toBe(0o700)
    expect(statSync(file).mode & 0o777).toBe(0o600)
    const parsed = await simpleParser(readFileSync(file))
    expect(parsed.subject).toBe('Reset your Nestmate password')
    expect(parsed.text).toContain(LINK)
    expect(lines.at(-1)?.message).toBe(
      `Mail "Reset your Nestmate password" saved to ${file}. Its link: ${LINK}`,
    )
    await mailer.close()
  })
})
