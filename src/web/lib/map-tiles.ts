import { useEffect, useState } from 'react'
import * as L from 'leaflet'
import type { PublicConfig } from '#shared/user.ts'
import { loadConfig } from './config.ts'

// The maps' background (browse's results map, the listing form's pin): the tile server the operator configured,
// OpenStreetMap's by default. Imported only by the lazily loaded map chunks.

type Tiles = PublicConfig['tiles']

const OSM: Tiles = {
  url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
  attribution: '© OpenStreetMap contributors',
  attributionUrl: 'https://www.openstreetmap.org/copyright',
}

export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)

/** The configured tiles, once the site's configuration is read (null until then). */
export function useTiles(): Tiles | null {
  const [tiles, setTiles] = useState<Tiles | null>(null)
  useEffect(() => {
    let cancelled = false
    loadConfig().then(
      (config) => !cancelled && setTiles(config.tiles ?? OSM),
      () => !cancelled && setTiles(OSM),
    )
    return () => {
      cancelled = true
    }
  }, [])
  return tiles
}

/** A map on `element` with the tiles and their credit; `onTileError` hears when the background can't load. */
export function createMap(element: HTMLElement, tiles: Tiles, onTileError: () => void): L.Map {
  const map = L.map(element, { scrollWheelZoom: false, attributionControl: true })
  map.attributionControl.setPrefix(false)
  L.tileLayer(tiles.url, {
    maxZoom: 18,
    attribution: `<a href="${escapeHtml(tiles.attributionUrl)}">${escapeHtml(tiles.attribution)}</a>`,
  })
    .on('tileerror', onTileError)
    .addTo(map)
  return map
}
