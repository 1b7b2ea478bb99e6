/**
 * When a refused attempt may be tried again, in words, from a Retry-After header (seconds, or an HTTP date).
 * Without a usable header it says "later" rather than guess.
 */
export function tryAgainIn(header: string | null | undefined, now = Date.now()): string {
  const value = header?.trim() ?? ''
  const seconds = /^\d+$/.test(value) ? Number(value) : Math.ceil((Date.parse(value) - now) / 1000)
  if (!Number.isFinite(seconds)) return 'Try again later.'
  if (seconds <= 1) return 'Try again now.'
  if (seconds < 60) return `Try again in ${seconds} seconds.`
  const minutes = Math.ceil(seconds / 60)
  return minutes === 1 ? 'Try again in a minute.' : `Try again in ${minutes} minutes.`
}
