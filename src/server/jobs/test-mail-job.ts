import { z } from 'zod'
import type { Mailer } from '../mail/mailer.ts'
import { defineJob } from './define-job.ts'
import { sendMailOnce } from './send-mail-once.ts'

/**
 * A small job in the shape the features' mail jobs take: work out the mail, then `sendMailOnce` under a key
 * naming its occasion. `failAfterSend` makes the first attempt fail after its mail went out, as a later step
 * of a real job might.
 */
export function exampleMailJob(mailer: Pick<Mailer, 'deliver'>) {
  return defineJob({
    name: 'example-mail',
    parse: (data) =>
      z
        .object({ to: z.email(), occasion: z.string(), failAfterSend: z.boolean().default(false) })
        .parse(data),
    expireSeconds: 2,
    retry: { limit: 3, delaySeconds: 1 },
    async run({ to, occasion, failAfterSend }, { db, log, attempt }) {
      const link = `http://localhost:3000/occasions/${occasion}`
      const text = `Something happened (${occasion}): ${link}`
      await sendMailOnce({ db, mailer, log }, `example:${occasion}`, {
        to,
        subject: `Nestmate: ${occasion}`,
        text,
        html: `<p>${text}</p>`,
        link,
      })
      if (failAfterSend && attempt === 1) throw new Error('a step after the mail failed')
    },
  })
}
