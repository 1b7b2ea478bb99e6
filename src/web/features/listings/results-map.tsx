import { useEffect, useRef, useState } from 'react'
import * as L from 'leaflet'
import 'leaflet/dist/leaflet.css'
import type { ListingSummary } from '#shared/listing.ts'
import { createMap, escapeHtml, useTiles } from '../../lib/map-tiles.ts'
import { ListingCard } from './listing-card.tsx'

// Loaded on demand (React.lazy in browse-results.tsx): Leaflet is ~40 kB gzip that the first load of the public
// pages doesn't carry.

type ResultsMapProps = { listings: ListingSummary[]; currency: string; cardTo: (id: string) => string }

/** The listings that share a place: one marker for them. */
type Spot = { key: string; lat: number; lon: number; listings: ListingSummary[] }

function spotsOf(listings: ListingSummary[]): Spot[] {
  const spots = new Map<string, Spot>()
  for (const listing of listings) {
    if (listing.lat === null || listing.lon === null) continue
    const key = `${listing.lat},${listing.lon}`
    const spot = spots.get(key) ?? { key, lat: listing.lat, lon: listing.lon, listings: [] }
    spot.listings.push(listing)
    spots.set(key, spot)
  }
  return [...spots.values()]
}

/** How a marker is read: "2 rooms in Austin, TX, United States", or the one room's title. */
function spotName(spot: Spot): string {
  const [first] = spot.listings
  const place = first?.placeName ?? 'this place'
  return spot.listings.length === 1
    ? `${first!.title}, ${place}`
    : `${spot.listings.length} rooms in ${place}`
}

/**
 * The results on a map, one marker per place (a button: Tab reaches it, Enter or a click opens its cards below).
 * Tiles come from the configured server; when they can't load (no internet), the markers and the cards still work.
 */
export default function ResultsMap({ listings, currency, cardTo }: ResultsMapProps) {
  const container = useRef<HTMLDivElement>(null)
  const tiles = useTiles()
  const [tilesFailed, setTilesFailed] = useState(false)
  const [selected, setSelected] = useState<Spot | null>(null)
  const spots = spotsOf(listings)
  const spotsKey = spots.map((spot) => `${spot.key}:${spot.listings.length}`).join('|')

  useEffect(() => {
    if (!container.current || !tiles || spots.length === 0) return
    const map = createMap(container.current, tiles, () => setTilesFailed(true))
    const bounds = L.latLngBounds([])
    spots.forEach((spot, index) => {
      // The icon is a button (Leaflet gives it tabindex and role); its name is the text inside, for every reader.
      L.marker([spot.lat, spot.lon], {
        title: spotName(spot),
        keyboard: true,
        icon: L.divIcon({
          className: 'nestmate-marker',
          html:
            `<span data-spot="${index}" aria-hidden="true" class="flex size-8 items-center justify-center rounded-full border-2 border-white bg-primary text-sm font-bold text-primary-content shadow-md">${spot.listings.length}</span>` +
            `<span class="sr-only">${escapeHtml(spotName(spot))}</span>`,
          iconSize: [32, 32],
          iconAnchor: [16, 16],
        }),
      })
        .on('click', () => setSelected(spot))
        .addTo(map)
      bounds.extend([spot.lat, spot.lon])
    })
    // Enter or Space on a focused marker opens it, as on any button.
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Enter' && event.key !== ' ') return
      const target = event.target as HTMLElement
      const index = target.classList.contains('nestmate-marker')
        ? Number(target.querySelector('[data-spot]')?.getAttribute('data-spot'))
        : NaN
      const spot = spots[index]
      if (!spot) return
      event.preventDefault()
      setSelected(spot)
    }
    const element = container.current
    element.addEventListener('keydown', onKeyDown)
    map.fitBounds(bounds, { padding: [32, 32], maxZoom: 12 })
    return () => {
      element.removeEventListener('keydown', onKeyDown)
      map.remove()
    }
    // spotsKey stands for the spots: the map is rebuilt only when the markers change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [tiles, spotsKey])

  if (spots.length === 0)
    return (
      <p className="rounded-box border border-dashed border-base-300 px-4 py-6 text-center text-base-content/80">
        None of these listings has a place on the map yet.
      </p>
    )

  return (
    <section aria-label="Map of the listings" className="grid gap-3">
      <div
        ref={container}
        role="group"
        aria-label="Map: arrow keys move it, plus and minus zoom, Tab reaches the markers"
        // Important: leaflet.css (loaded with this chunk, after the app's styles) paints the map light grey, which
        // shows wherever tiles are missing, also in the dark theme.
        className="z-0 h-80 w-full overflow-hidden rounded-box border border-base-300 bg-base-200! sm:h-96"
      />
      {tilesFailed && (
        <p className="text-sm text-base-content/80">
          The map&apos;s background could not be loaded; the markers still show where each room is.
        </p>
      )}
      <div aria-live="polite">
        {selected && (
          <div className="grid gap-3">
            <h2 className="font-semibold">{spotName(selected)}</h2>
            <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {selected.listings.map((listing) => (
                <li key={listing._id}>
                  <ListingCard
                    listing={listing}
                    currency={currency}
                    headingLevel="h3"
                    to={cardTo(listing._id)}
                  />
                </li>
              ))}
            </ul>
          </div>
        )}
      </div>
    </section>
  )
}
