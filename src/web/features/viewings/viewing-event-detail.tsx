import { useEffect, useState } from 'react'
import type { MessageEvent } from '#shared/conversations.ts'
import type { Viewing } from '#shared/viewings.ts'
import { getViewing } from './api.ts'
import { KIND_WORDS } from './viewing-words.ts'
import { spanIn, zoneWords } from './zoned-time.ts'

/** What a viewing event in a conversation is about, in words: when, and what changed. */
function detailOf(event: MessageEvent, viewing: Viewing) {
  const when = `${spanIn(viewing.start, viewing.end, viewing.timeZone)} (${zoneWords(viewing.timeZone)}), ${KIND_WORDS[viewing.kind]}`
  switch (event.type) {
    case 'viewing_cancelled': {
      const who = viewing.cancelledBy === 'poster' ? viewing.poster.name : viewing.seeker.name
      return `${when}. Cancelled by ${who}${viewing.cancelReason ? `: “${viewing.cancelReason}”` : '.'}`
    }
    case 'viewing_late':
      return `${when}. ${viewing.lateMinutes ?? 'A few'} minutes late.`
    case 'viewing_outcome':
      return `${when}. ${viewing.status === 'no_show' ? `${viewing.seeker.name} did not come.` : `${viewing.seeker.name} came.`}`
    default:
      return `${when}.`
  }
}

/** The viewing's time and change under a viewing event's title, read once the viewing has loaded. */
export function ViewingEventDetail({ event }: { event: MessageEvent }) {
  const [viewing, setViewing] = useState<Viewing>()
  const { viewingId } = event
  useEffect(() => {
    if (!viewingId) return
    let isCurrent = true
    getViewing(viewingId).then(
      (answer) => isCurrent && setViewing(answer.viewing),
      () => {},
    )
    return () => {
      isCurrent = false
    }
  }, [viewingId])
  if (!viewing) return null
  return <span className="block text-base-content/80">{detailOf(event, viewing)}</span>
}
