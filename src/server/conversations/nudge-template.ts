import {
  escapeHtml,
  greeting,
  htmlMail,
  mailButton,
  textSignature,
  type RenderedMail,
} from '../mail/mail-templates.ts'
import { personText } from '../mail/person-text.ts'

/** An enquiry waiting for a reply: who wrote, about what (null once deleted). */
export type WaitingEnquiry = { starterName: string; title: string | null }

function line({ starterName, title }: WaitingEnquiry): string {
  const who = personText(starterName)
  return title ? `${who}, about “${personText(title)}”` : who
}

/**
 * The nudge (decision 089): the people whose first messages have waited two days for this person's reply, named
 * (other people's words go through personText), and a link to the inbox; never the messages themselves.
 */
export function renderNudgeMail(input: {
  name: string
  waiting: WaitingEnquiry[]
  link: string
  siteName: string
  baseUrl: string
}): RenderedMail {
  const { name, waiting, link, siteName, baseUrl } = input
  const first = personText(waiting[0]!.starterName)
  const subject =
    waiting.length === 1
      ? `${first} is waiting for your reply on ${siteName}`
      : `${waiting.length} people are waiting for your reply on ${siteName}`
  const intro = 'These people wrote to you two days ago and are still waiting for an answer:'
  const note = 'A short "sorry, it’s taken" helps them too. You get at most one reminder like this a day.'
  const lines = waiting.map(line)
  const text = [
    greeting(name),
    '',
    intro,
    ...lines.map((entry) => `- ${entry}`),
    '',
    `Answer them: ${link}`,
    '',
    note,
    '',
    ...textSignature(siteName, baseUrl),
  ].join('\n')
  const html = htmlMail(
    `<p>${escapeHtml(greeting(name))}</p>
<p>${escapeHtml(intro)}</p>
<ul>${lines.map((entry) => `<li>${escapeHtml(entry)}</li>`).join('')}</ul>
${mailButton(link, 'Answer them')}
<p style="font-size:0.9rem">${escapeHtml(note)}</p>`,
    siteName,
    baseUrl,
  )
  return { subject, text, html }
}
