import { useEffect, useId, useRef, useState } from 'react'
import { useFetcher } from 'react-router'
import { MESSAGE_MAX, type Message } from '#shared/conversations.ts'

export type SendAnswer = { intent: 'send'; message?: Message; error?: string }

/** Writing a message: a labelled text box and Send (Ctrl+Enter or ⌘+Enter sends too). */
export function Composer({ onSent }: { onSent: (message: Message) => void }) {
  const fetcher = useFetcher<SendAnswer>({ key: 'send-message' })
  const form = useRef<HTMLFormElement>(null)
  const box = useRef<HTMLTextAreaElement>(null)
  const [length, setLength] = useState(0)
  const id = useId()
  const isSending = fetcher.state !== 'idle'
  const sent = fetcher.data?.message

  // Once per sent message: the box empties and the message joins the list.
  const handled = useRef<Message>(undefined)
  useEffect(() => {
    if (!sent || handled.current === sent) return
    handled.current = sent
    onSent(sent)
    form.current?.reset()
    setLength(0)
    // The next message is written in the same box: on a phone, its keyboard stays open.
    const focused = document.activeElement
    if (!focused || focused === document.body || form.current?.contains(focused)) box.current?.focus()
  }, [sent, onSent])

  return (
    <fetcher.Form
      method="post"
      ref={form}
      className="flex flex-col gap-2"
      onSubmit={(event) => {
        if (isSending) event.preventDefault()
      }}
    >
      <input type="hidden" name="intent" value="send" />
      <label htmlFor={id} className="font-medium">
        Your message
      </label>
      <div className="flex items-end gap-2">
        <textarea
          id={id}
          ref={box}
          name="body"
          required
          maxLength={MESSAGE_MAX}
          rows={2}
          className="textarea w-full"
          aria-describedby={`${id}-hint`}
          onChange={(event) => setLength(event.target.value.length)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) form.current?.requestSubmit()
          }}
        />
        {/* Not `disabled` while sending, which would drop the focus to the page; a tap leaves the focus in the box. */}
        <button
          type="submit"
          className="btn btn-primary"
          aria-disabled={isSending}
          onMouseDown={(event) => event.preventDefault()}
        >
          {isSending ? 'Sending…' : 'Send'}
        </button>
      </div>
      <p id={`${id}-hint`} className="text-xs text-base-content/80">
        {length > MESSAGE_MAX - 200 ? `${MESSAGE_MAX - length} characters left. ` : ''}
        {/* A keyboard shortcut means nothing on a phone: said only where a keyboard is likely. */}
        <span className="max-sm:hidden pointer-coarse:hidden">Ctrl+Enter sends.</span>
      </p>
      {fetcher.data?.error && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {fetcher.data.error}
        </p>
      )}
    </fetcher.Form>
  )
}
