import { Fragment } from 'react'

/**
 * An e-mail address that wraps, when it must, before the @ and after a dot ("someone.long/@example./com"),
 * never in the middle of a word; a single part longer than the line still breaks rather than overflow.
 */
export function EmailText({ email }: { email: string }) {
  const parts = email.split(/(?=@)|(?<=\.)/)
  return (
    <span className="[overflow-wrap:anywhere]">
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </span>
  )
}
