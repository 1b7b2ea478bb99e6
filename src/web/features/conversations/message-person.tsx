import { useId, useState, type ReactNode } from 'react'
import { FaEnvelope } from 'react-icons/fa6'
import { Form, Link, useNavigation } from 'react-router'
import { PATHS } from '#shared/api.ts'
import { MESSAGE_MAX } from '#shared/conversations.ts'

/** A label that fits beside Like on a phone: the short words seen there, the full ones heard (and seen elsewhere). */
function ShortOnPhones({ short, full }: { short: string; full: string }) {
  return (
    <>
      <span aria-hidden="true" className="sm:hidden">
        {short}
      </span>
      <span className="max-sm:sr-only">{full}</span>
    </>
  )
}

type MessagePersonProps = {
  /** Whom the message goes to: a listing's poster, or a room-wanted ad's writer. */
  name: string
  /** The caller's conversation about this listing or ad, if they have one. */
  conversationId: string | null
  isVerified: boolean
  /** Shown to an unverified person: the way to get a new verification mail. */
  verifyAction: ReactNode
  error?: string
  /** Opens with the message box shown (the person came here to write). */
  isWritingAtFirst?: boolean
}

/**
 * "Message" on a listing's or a room-wanted ad's details: write to the person behind it, open the conversation
 * there is, or (once Message is pressed) learn why not yet.
 */
export function MessagePerson({
  name,
  conversationId,
  isVerified,
  verifyAction,
  error,
  isWritingAtFirst = false,
}: MessagePersonProps) {
  const [isWriting, setIsWriting] = useState(Boolean(error) || isWritingAtFirst)
  const navigation = useNavigation()
  const isSending = navigation.state !== 'idle' && navigation.formMethod === 'POST'
  const id = useId()

  // On a phone these sit beside Like in a bar at the screen's foot.
  if (conversationId)
    return (
      <Link to={PATHS.conversation(conversationId)} className="btn btn-primary w-fit">
        <FaEnvelope aria-hidden="true" />{' '}
        <ShortOnPhones short="Open your conversation" full={`Open your conversation with ${name}`} />
      </Link>
    )
  if (!isWriting)
    return (
      <button type="button" className="btn btn-primary w-fit" onClick={() => setIsWriting(true)}>
        <FaEnvelope aria-hidden="true" /> <ShortOnPhones short="Message" full={`Message ${name}`} />
      </button>
    )
  if (!isVerified)
    return (
      <div className="flex w-full flex-col gap-2 rounded-box bg-base-200 p-4 text-left">
        <p>
          To message {name}, confirm your e-mail address first: open the link we mailed you. It keeps
          Nestmate’s conversations between real people.
        </p>
        {verifyAction}
      </div>
    )
  return (
    <Form method="post" className="flex w-full flex-col gap-2 rounded-box bg-base-200 p-4 text-left">
      <input type="hidden" name="intent" value="message" />
      <label htmlFor={id} className="font-medium">
        Your message to {name}
      </label>
      <textarea
        id={id}
        name="body"
        required
        maxLength={MESSAGE_MAX}
        rows={3}
        className="textarea w-full"
        autoFocus
      />
      <p className="text-xs text-base-content/80">Keep the conversation on Nestmate until you’ve met.</p>
      {error && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
      <div className="flex gap-2">
        <button type="submit" className="btn btn-primary" disabled={isSending}>
          {isSending ? 'Sending…' : 'Send'}
        </button>
        <button type="button" className="btn btn-ghost" onClick={() => setIsWriting(false)}>
          Cancel
        </button>
      </div>
    </Form>
  )
}
