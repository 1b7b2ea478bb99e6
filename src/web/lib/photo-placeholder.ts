import { thumbHashToDataURL } from 'thumbhash'

const decoded = new Map<string, string>()

/** The blurred picture a photo's placeholder (a thumbhash, base64) stands for, as a data: URL (kept once made). */
export function placeholderUrl(placeholder: string): string | undefined {
  let url = decoded.get(placeholder)
  if (url === undefined) {
    try {
      url = thumbHashToDataURL(Uint8Array.from(atob(placeholder), (char) => char.charCodeAt(0)))
    } catch {
      return undefined
    }
    decoded.set(placeholder, url)
  }
  return url
}
