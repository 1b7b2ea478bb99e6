import { messageParts } from '#shared/message-text.ts'

/**
 * A message's text as its sender wrote it: React text, never markup. Web addresses are links (http(s) only, opened
 * apart from Nestmate, `rel` as for every link people type), except in a shielded message, where they stay text.
 */
export function MessageText({ body, linksAsText }: { body: string; linksAsText: boolean }) {
  if (linksAsText) return <>{body}</>
  return (
    <>
      {messageParts(body).map((part, index) =>
        part.kind === 'link' ? (
          <a
            key={index}
            href={part.href}
            target="_blank"
            rel="noopener noreferrer nofollow ugc"
            className="link break-all"
          >
            {part.text}
          </a>
        ) : (
          part.text
        ),
      )}
    </>
  )
}
