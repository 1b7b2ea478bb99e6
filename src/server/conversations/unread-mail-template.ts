import {
  escapeHtml,
  greeting,
  htmlMail,
  mailButton,
  textSignature,
  type RenderedMail,
} from '../mail/mail-templates.ts'
import { personText } from '../mail/person-text.ts'

/** One conversation with unread messages, as the mail names it: who wrote, about what, how many. */
export type UnreadConversation = { otherName: string | null; title: string | null; unread: number }

const count = (n: number) => (n === 1 ? '1 unread message' : `${n} unread messages`)

/** The line for one conversation; the name and title are other people's text (personText), escaped in the HTML. */
function line({ otherName, title, unread }: UnreadConversation): string {
  const from = otherName === null ? 'a deleted account' : personText(otherName)
  const about = title && personText(title)
  return about ? `${count(unread)} from ${from} about “${about}”` : `${count(unread)} from ${from}`
}

/**
 * The mail about messages left unread (sent to verified addresses only, so it greets by name): who wrote and
 * about what, never the messages themselves (they stay on the site, where the contact shield and reporting are),
 * and a link to the inbox.
 */
export function renderUnreadMail(input: {
  name: string
  conversations: UnreadConversation[]
  link: string
  siteName: string
  baseUrl: string
}): RenderedMail {
  const { name, conversations, link, siteName, baseUrl } = input
  const total = conversations.reduce((sum, conversation) => sum + conversation.unread, 0)
  const subject = `You have ${count(total)} on ${siteName}`
  const lines = conversations.map(line)
  const note = `You get one mail like this for a conversation until you read it.`
  const text = [
    greeting(name),
    '',
    `People wrote to you on ${siteName}:`,
    ...lines.map((entry) => `- ${entry}`),
    '',
    `Read and answer them: ${link}`,
    '',
    note,
    '',
    ...textSignature(siteName, baseUrl),
  ].join('\n')
  const html = htmlMail(
    `<p>${escapeHtml(greeting(name))}</p>
<p>${escapeHtml(`People wrote to you on ${siteName}:`)}</p>
<ul>${lines.map((entry) => `<li>${escapeHtml(entry)}</li>`).join('')}</ul>
${mailButton(link, 'Read and answer them')}
<p style="font-size:0.9rem">${escapeHtml(note)}</p>`,
    siteName,
    baseUrl,
  )
  return { subject, text, html }
}
