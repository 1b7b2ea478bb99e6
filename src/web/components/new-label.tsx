import { createContext, useContext, type ReactNode } from 'react'

// "New" on the cards of rooms new to the saved search the page was opened as (docs/decisions/100). The page that
// knows them provides their ids; a card anywhere else shows nothing.

const NewListings = createContext<ReadonlySet<string>>(new Set())

export function NewListingsProvider({ ids, children }: { ids: readonly string[]; children: ReactNode }) {
  return <NewListings value={new Set(ids)}>{children}</NewListings>
}

/** The label of a room new to the opened saved search, visible and in the card's words for screen readers. */
export function NewLabel({ listingId, className = '' }: { listingId: string; className?: string }) {
  if (!useContext(NewListings).has(listingId)) return null
  return (
    <span className={`badge badge-sm badge-primary font-semibold shadow-sm ${className}`}>
      New<span className="sr-only"> since you last opened this search</span>
    </span>
  )
}
