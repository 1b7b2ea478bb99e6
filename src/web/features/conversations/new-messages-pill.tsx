import { FaArrowDown } from 'react-icons/fa6'

/** Over the message box while someone reads older messages: newer ones arrived below; a tap goes to them. */
export function NewMessagesPill({ count, onClick }: { count: number; onClick: () => void }) {
  if (count === 0) return null
  return (
    <button
      type="button"
      onClick={onClick}
      className="btn btn-sm btn-primary absolute -top-12 left-1/2 -translate-x-1/2 rounded-full shadow-lg"
    >
      {count === 1 ? 'New message' : `${count} new messages`} <FaArrowDown aria-hidden="true" />
    </button>
  )
}
