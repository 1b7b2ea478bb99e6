import { FaMap } from 'react-icons/fa6'
import { CurrencyNote } from '../../components/currency-note.tsx'
import { ListingCard, type CardListing } from './listing-card.tsx'

// The parts of a page of listing cards, shared by browse's results, the home page's featured rooms and the cards
// drawn before the app has loaded (./early-card-templates.tsx).

/**
 * The card grids' columns: 1, 2 or 3 by width (the spec), each a share of the grid's width whatever its cards hold
 * (a card out of view keeps the size it was last drawn at, maybe a wider window's: it must not widen its column).
 */
export const CARD_GRID = 'grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3'

/** "24 listings · showing 24 of 26": how many match, and how many are on the page. */
export const listingCount = (total: number, shown: number) =>
  `${total === 1 ? '1 listing' : `${total} listings`}${shown < total ? ` · showing ${shown}` : ''}`

type ResultsHeaderProps = {
  count: string
  /** Left out when there is no rent to speak of (no listings). */
  currency?: string
  /** Whether the map is shown; undefined: no map to offer. */
  isMapShown?: boolean
  onToggleMap?: () => void
}

/** Above the results: how many, the currency every rent is in, and the map's switch. */
export function ResultsHeader({ count, currency, isMapShown, onToggleMap }: ResultsHeaderProps) {
  return (
    <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
      <div>
        <p aria-live="polite" className="font-semibold text-base-content/80">
          {count}
        </p>
        {currency && <CurrencyNote currency={currency} />}
      </div>
      {isMapShown !== undefined && (
        <button
          type="button"
          className="btn btn-sm btn-outline"
          aria-pressed={isMapShown}
          onClick={onToggleMap}
        >
          <FaMap aria-hidden="true" /> {isMapShown ? 'Hide map' : 'Show map'}
        </button>
      )}
    </div>
  )
}

type BrowseCardProps = { listing: CardListing; currency: string; to: string; isFirst?: boolean }

/**
 * One card of browse's grid. Cards out of view are neither styled nor laid out until scrolled near
 * (content-visibility): a phone shows two of a page's 24, and the rest would cost the first render ~30 ms of main
 * thread. The estimate is a card's height with its 4:3 cover box (about a column's width × 0.75 + 15rem); its
 * width is the column's (CARD_GRID), whatever the card's last drawn width was.
 */
export function BrowseCard({ listing, currency, to, isFirst }: BrowseCardProps) {
  return (
    <li
      data-card-id={listing._id}
      className="[contain-intrinsic-size:auto_15rem_auto_31rem] [content-visibility:auto] [[data-placing]>&]:[content-visibility:visible]"
    >
      <ListingCard listing={listing} currency={currency} headingLevel="h2" to={to} isFirst={isFirst} />
    </li>
  )
}
