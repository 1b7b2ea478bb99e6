import { randomBytes } from 'node:crypto'
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { createTransport } from 'nodemailer'

/**
 * Without SMTP_URL, each mail becomes an .eml file in DATA_DIR/mail: the same message an SMTP server would get,
 * which a mail program opens, while the log names the file and its link. A self-hoster with no mail server can
 * still finish a sign-up or a password reset. The folder and files are the owner's alone, like DATA_DIR.
 */
export function createOutbox(dir: string) {
  const composer = createTransport({ streamTransport: true, buffer: true, newline: 'unix' })
  return {
    dir,
    /** Writes the mail and answers the file's path. */
    async save(mail: {
      from: string
      to: string
      subject: string
      text: string
      html: string
      headers?: Record<string, string>
      icalEvent?: { method: string; filename: string; content: string }
    }): Promise<string> {
      const { message } = await composer.sendMail(mail)
      mkdirSync(dir, { recursive: true, mode: 0o700 })
      chmodSync(dir, 0o700)
      const stamp = new Date().toISOString().replace(/[:.]/g, '-')
      const file = path.join(dir, `${stamp}-${randomBytes(4).toString('hex')}.eml`)
      writeFileSync(file, message as Buffer, { mode: 0o600, flag: 'wx' })
      return file
    },
  }
}
