import { useState } from 'react'
import type { Viewing } from '#shared/viewings.ts'
import { ReportButton } from '../../components/report-button.tsx'

const answeredKey = (id: string) => `viewing-ok:${id}`

/**
 * After the viewing, the seeker is asked whether it went OK: "Fine" only puts the question away (in this browser);
 * "Report a problem" is the report flow, about the poster, from the conversation.
 */
export function WentOk({ viewing }: { viewing: Viewing }) {
  const [isAnswered, setAnswered] = useState(() => localStorage.getItem(answeredKey(viewing._id)) !== null)
  if (isAnswered) return null
  return (
    <div role="group" aria-labelledby={`went-ok-${viewing._id}`} className="flex flex-col gap-2">
      <p id={`went-ok-${viewing._id}`} className="font-medium">
        Did the viewing go OK?
      </p>
      <div className="flex flex-wrap items-center gap-3">
        <button
          type="button"
          className="btn btn-sm max-sm:min-h-11"
          onClick={() => {
            localStorage.setItem(answeredKey(viewing._id), 'fine')
            setAnswered(true)
          }}
        >
          Fine
        </button>
        {viewing.conversationId && (
          <ReportButton
            targetKind="user"
            via={{ kind: 'conversation', id: viewing.conversationId }}
            label="Report a problem"
          />
        )}
      </div>
    </div>
  )
}
