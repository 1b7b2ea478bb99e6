import { personText } from './person-text.ts'

/**
 * Every mail Nestmate sends, in one place. The words are a catalogue per language (only English so far) and the
 * layout is shared, so a translation is one more catalogue. A mail carries the site's name, links to BASE_URL and
 * its one-time link, and nothing else: no password, no session, no other person's data.
 */

export type MailKind = 'verify-email' | 'reset-password' | 'account-exists'

type Words = {
  subject: string
  intro: string
  action: string
  expiry: string
  ignore: string
}

type Catalogue = {
  /** By name only when the address is verified: an unverified one never confirmed the name it was given. */
  greeting: (name: string | undefined) => string
  linkHint: string
  signature: (site: string) => string
  mails: Record<MailKind, (site: string) => Words>
}

const en: Catalogue = {
  greeting: (name) => {
    const plain = name === undefined ? '' : personText(name)
    return plain ? `Hi ${plain},` : 'Hi,'
  },
  linkHint: "If the button doesn't work, copy this address into your browser:",
  signature: (site) => `The ${site} team`,
  mails: {
    'verify-email': (site) => ({
      subject: `Confirm your e-mail address for ${site}`,
      intro: `Thanks for joining ${site}. Please confirm that this is your e-mail address.`,
      action: 'Confirm my e-mail address',
      expiry: 'The link works for 24 hours. You can ask for a new one in your profile settings.',
      ignore: `If you didn't create a ${site} account, you can ignore this mail.`,
    }),
    'account-exists': (site) => ({
      subject: `Someone tried to sign up to ${site} with your address`,
      intro: `Someone (we hope you) tried to create a ${site} account with this e-mail address, but it has one already. Log in to use it, with your password or with Google if you signed up that way.`,
      action: 'Log in to Nestmate',
      expiry: 'Forgotten your password? Choose “Forgot password?” on the login page to set a new one.',
      ignore: "If it wasn't you, ignore this mail: nothing has changed on your account.",
    }),
    'reset-password': (site) => ({
      subject: `Reset your ${site} password`,
      intro: `Someone (we hope you) asked to reset the password of your ${site} account.`,
      action: 'Choose a new password',
      expiry: 'The link works once, for 1 hour. Setting a new password signs you out everywhere else.',
      ignore: "If you didn't ask for this, ignore this mail: your password stays as it is.",
    }),
  },
}

export type RenderedMail = { subject: string; text: string; html: string }

/** The mail's first line: by name only for an address its owner has verified (pass no name otherwise). */
export const greeting = (name: string | undefined) => en.greeting(name)

export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)

/** Every mail's HTML frame: the page, its body's `inner` markup, and the team's signature with the site's address. */
export const htmlMail = (inner: string, siteName: string, baseUrl: string) => `<!doctype html>
<html lang="en"><body style="font-family:sans-serif;line-height:1.5;color:#1f2937;max-width:36rem;margin:auto;padding:1rem">
${inner}
<p>${escapeHtml(en.signature(siteName))}<br><a href="${escapeHtml(baseUrl)}">${escapeHtml(baseUrl)}</a></p>
</body></html>
`

/** A mail's one button: a link drawn as one. */
export const mailButton = (href: string, label: string) =>
  `<p><a href="${escapeHtml(href)}" style="display:inline-block;background:#1d4ed8;color:#ffffff;padding:0.6rem 1rem;border-radius:0.4rem;text-decoration:none">${escapeHtml(label)}</a></p>`

/** Every mail's text ending: the team's signature and the site's address. */
export const textSignature = (siteName: string, baseUrl: string) => [en.signature(siteName), baseUrl, '']

/**
 * The mail of `kind`, with its one-time `link`; `baseUrl` is the site's own address. `name` greets the person:
 * give it only for an address they have verified.
 */
export function renderMail(
  kind: MailKind,
  input: { name?: string; link: string; siteName: string; baseUrl: string },
  words: Catalogue = en,
): RenderedMail {
  const { name, link, siteName, baseUrl } = input
  const mail = words.mails[kind](siteName)
  const paragraphs = [mail.intro, mail.expiry, mail.ignore]
  const text = [
    words.greeting(name),
    '',
    mail.intro,
    '',
    `${mail.action}: ${link}`,
    '',
    mail.expiry,
    mail.ignore,
    '',
    `${words.signature(siteName)}`,
    baseUrl,
    '',
  ].join('\n')
  const html = `<!doctype html>
<html lang="en"><body style="font-family:sans-serif;line-height:1.5;color:#1f2937;max-width:36rem;margin:auto;padding:1rem">
<p>${escapeHtml(words.greeting(name))}</p>
<p>${escapeHtml(paragraphs[0]!)}</p>
<p><a href="${escapeHtml(link)}" style="display:inline-block;background:#1d4ed8;color:#ffffff;padding:0.6rem 1rem;border-radius:0.4rem;text-decoration:none">${escapeHtml(mail.action)}</a></p>
<p style="font-size:0.9rem">${escapeHtml(words.linkHint)}<br><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>
<p>${escapeHtml(paragraphs[1]!)}<br>${escapeHtml(paragraphs[2]!)}</p>
<p>${escapeHtml(words.signature(siteName))}<br><a href="${escapeHtml(baseUrl)}">${escapeHtml(baseUrl)}</a></p>
</body></html>
`
  return { subject: mail.subject, text, html }
}

/**
 * The mail asking a referee for a reference (docs/decisions/091). It carries nothing the requester shaped but
 * their account's name, as one plain line (decisions 035, 067, 075): not the name they typed for the referee, no
 * message of theirs. The relationship is one of Nestmate's own phrases.
 */
export function renderReferenceRequestMail(input: {
  requesterName: string
  relationship: string
  link: string
  siteName: string
  baseUrl: string
}): RenderedMail {
  const { requesterName, relationship, link, siteName, baseUrl } = input
  const name = personText(requesterName) || 'A member'
  const subject = `A reference request from ${siteName}`
  const intro = `${siteName} member ${name} has asked you for a reference, as someone they lived with or rented from.`
  const asked = `What they said: ${relationship}.`
  const expiry = `The link works once, for 14 days. You need no account: it asks for the dates, four ratings and a few lines.`
  const ignore = `If you don't know them, or would rather not, ignore this mail: nothing is sent in your name.`
  const action = 'Write a reference'
  const text = [
    'Hi,',
    '',
    intro,
    asked,
    '',
    `${action}: ${link}`,
    '',
    expiry,
    ignore,
    '',
    ...textSignature(siteName, baseUrl),
  ].join('\n')
  const html = htmlMail(
    `<p>Hi,</p>
<p>${escapeHtml(intro)}<br>${escapeHtml(asked)}</p>
${mailButton(link, action)}
<p style="font-size:0.9rem">${escapeHtml(en.linkHint)}<br><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>
<p>${escapeHtml(expiry)}<br>${escapeHtml(ignore)}</p>`,
    siteName,
    baseUrl,
  )
  return { subject, text, html }
}
