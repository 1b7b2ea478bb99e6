import { useEffect, useRef, useState } from 'react'
import * as L from 'leaflet'
import 'leaflet/dist/leaflet.css'
import { PIN, roundPin } from '#shared/place-values.ts'
import { createMap, useTiles } from '../../lib/map-tiles.ts'

// Loaded on demand (React.lazy in pin-field.tsx), like browse's map: Leaflet stays out of the form's first load.

type Point = { lat: number; lon: number }
type PinMapProps = { center: Point; pin: Point | null; onPin: (pin: Point) => void }

const STEP_DEGREES = PIN.gridM / 111_320

/**
 * A map of the place with a pin to drag (or a click to move it); buttons move it one grid step for a keyboard. Every
 * position is rounded as the server stores it, so what the poster sees is what others see.
 */
export default function PinMap({ center, pin, onPin }: PinMapProps) {
  const container = useRef<HTMLDivElement>(null)
  const marker = useRef<L.Marker | null>(null)
  const mapRef = useRef<L.Map | null>(null)
  const tiles = useTiles()
  const [tilesFailed, setTilesFailed] = useState(false)
  const at = pin ?? center
  const place = (point: Point) => onPin(roundPin(point))

  useEffect(() => {
    if (!container.current || !tiles) return
    const map = createMap(container.current, tiles, () => setTilesFailed(true))
    map.setView([at.lat, at.lon], 14)
    marker.current = L.marker([at.lat, at.lon], {
      draggable: true,
      keyboard: false,
      icon: L.divIcon({
        className: 'nestmate-pin',
        html: '<span class="block size-6 rounded-full border-4 border-white bg-primary shadow-md"></span>',
        iconSize: [24, 24],
        iconAnchor: [12, 12],
      }),
    })
      .on('dragend', (event) => {
        const { lat, lng } = (event.target as L.Marker).getLatLng()
        place({ lat, lon: lng })
      })
      .addTo(map)
    map.on('click', (event) => place({ lat: event.latlng.lat, lon: event.latlng.lng }))
    mapRef.current = map
    return () => {
      map.remove()
      marker.current = null
      mapRef.current = null
    }
    // The map is built once per place; the pin moves on it (below).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [tiles, center.lat, center.lon])

  // The pin moves on the map, and the map follows it when it would leave the view.
  useEffect(() => {
    marker.current?.setLatLng([at.lat, at.lon])
    mapRef.current?.panInside([at.lat, at.lon], { padding: [24, 24] })
  }, [at.lat, at.lon])

  const move = (north: number, east: number) =>
    place({
      lat: at.lat + north * STEP_DEGREES,
      lon: at.lon + (east * STEP_DEGREES) / Math.cos((at.lat * Math.PI) / 180),
    })
  return (
    <div className="grid gap-2">
      <div
        ref={container}
        role="group"
        aria-label="Map of the place: drag the pin, or click where the room is"
        className="z-0 h-64 w-full overflow-hidden rounded-box border border-base-300 bg-base-200!"
      />
      {tilesFailed && (
        <p className="text-sm text-base-content/80">
          The map&apos;s background could not be loaded; the pin and the buttons still work.
        </p>
      )}
      <div className="flex flex-wrap gap-1" role="group" aria-label="Move the pin">
        {(
          [
            ['North', 1, 0],
            ['South', -1, 0],
            ['West', 0, -1],
            ['East', 0, 1],
          ] as const
        ).map(([label, north, east]) => (
          <button key={label} type="button" className="btn btn-sm" onClick={() => move(north, east)}>
            {label} {PIN.gridM} m
          </button>
        ))}
      </div>
    </div>
  )
}
