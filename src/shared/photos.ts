// Listing photos' limits and sizes, without the schema library: the upload form checks a file against the same
// limits before sending it, and the server names each stored size after these widths.

export const PHOTO_LIMITS = {
  /** Photos on one listing. */
  perListing: 8,
  /** Bytes of one uploaded file. */
  maxBytes: 15 * 1024 * 1024,
  /** Pixels of one uploaded picture (width × height), before any resizing. */
  maxPixels: 40_000_000,
  /** Pixels of either side: the most a WebP file can hold. */
  maxSide: 16_383,
  /** How many times longer one side may be than the other: a room, or a panorama, not a strip. */
  maxAspectRatio: 4,
  /** Uploads an hour, per person. */
  uploadsPerHour: 60,
} as const

/** What a browser may send, by content (the server reads the file's real type, never its name or header). */
export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/avif'] as const

/** The widths a photo is stored at, never wider than the picture itself. */
export const PHOTO_WIDTHS = [400, 800, 1600] as const
/** The width a card shows. */
export const CARD_WIDTH = 800

/** The widths stored for a photo whose largest stored size is `width` wide (a narrower picture isn't enlarged). */
export function photoWidths(width: number): number[] {
  return [...PHOTO_WIDTHS.filter((size) => size < width), Math.min(width, PHOTO_WIDTHS.at(-1)!)]
}

/** The height of the `size`-wide file of a photo stored at most `width` × `height`: rounded half up, as in SQL. */
export function photoHeightAt(size: number, width: number, height: number): number {
  return Math.floor((height * size * 2 + width) / (2 * width))
}

/** Where one stored size of a photo is served. */
export function photoUrl(listingId: string, key: string, size: number): string {
  return `/photos/${listingId}/${key}-${size}.webp`
}
