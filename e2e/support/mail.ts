import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { simpleParser } from 'mailparser'

// The e2e server has no SMTP_URL, so each mail is an .eml file in its DATA_DIR/mail (playwright.config.ts):
// the journeys read them as a person reads their inbox and follow the link.
const port = Number(process.env.E2E_PORT ?? 3100)
const MAIL_DIR = path.resolve(`.tmp/e2e-data-${port}/mail`)

type Mail = { subject: string; text: string; file: string }

async function mailsTo(address: string): Promise<Mail[]> {
  let files: string[] = []
  try {
    files = readdirSync(MAIL_DIR).filter((name) => name.endsWith('.eml'))
  } catch {
    return []
  }
  const mails: Mail[] = []
  for (const name of files.sort()) {
    const parsed = await simpleParser(readFileSync(path.join(MAIL_DIR, name)))
    const to = Array.isArray(parsed.to) ? parsed.to : parsed.to ? [parsed.to] : []
    if (to.some((entry) => entry.value.some((box) => box.address === address.toLowerCase())))
      mails.push({ subject: parsed.subject ?? '', text: parsed.text ?? '', file: name })
  }
  return mails
}

/** Waits for the `count`th mail to `address` whose subject matches, and answers the link in it. */
export async function linkFromMail(address: string, subject: RegExp, count = 1): Promise<string> {
  const deadline = Date.now() + 10_000
  for (;;) {
    const mails = (await mailsTo(address)).filter((mail) => subject.test(mail.subject))
    const mail = mails[count - 1]
    if (mail) {
      const link = mail.text.match(/http:\/\/\S+\/api\/auth\/\S+/)?.[0]
      if (!link) throw new Error(`no link in ${mail.file}`)
      return link
    }
    if (Date.now() > deadline) throw new Error(`no mail ${subject} to ${address} (${mails.length} so far)`)
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}

/** How many mails to `address` with a subject like `subject` have been written so far. */
export async function mailCount(address: string, subject: RegExp): Promise<number> {
  return (await mailsTo(address)).filter((mail) => subject.test(mail.subject)).length
}

/** Waits for the first mail to `address` whose subject matches, and answers its text (within `timeoutMs`). */
export async function mailText(address: string, subject: RegExp, timeoutMs = 10_000): Promise<string> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const mail = (await mailsTo(address)).find((found) => subject.test(found.subject))
    if (mail) return mail.text
    if (Date.now() > deadline) throw new Error(`no mail ${subject} to ${address}`)
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
}
