const formatters = new Map<string, Intl.NumberFormat>()

/** The number format of rents in `currency`, built once per currency (building one loads the locale's data). */
export function rentFormat(currency = 'USD'): Intl.NumberFormat {
  let formatter = formatters.get(currency)
  if (!formatter) {
    formatter = new Intl.NumberFormat('en-US', { style: 'currency', currency, maximumFractionDigits: 0 })
    formatters.set(currency, formatter)
  }
  return formatter
}

/** One format for every rent on every screen (CURRENCY, docs/architecture.md §6). */
export function formatRent(rent: number, currency = 'USD'): string {
  return rentFormat(currency).format(rent)
}

/** How the site's currency reads in a sentence: "US Dollar (USD)"; the code alone where the runtime has no name. */
export function currencyName(currency = 'USD'): string {
  try {
    const name = new Intl.DisplayNames('en', { type: 'currency' }).of(currency)
    return name && name !== currency ? `${name} (${currency})` : currency
  } catch {
    return currency
  }
}

const DAY_MS = 24 * 60 * 60 * 1000

/**
 * Calendar days from `then` to `now` on the clock of the one who reads it (their time zone): 0 the same date, 1 the
 * date before, however few hours apart. A `then` after `now` (another machine's clock a little ahead) counts as 0.
 */
export function daysBefore(then: Date, now: Date): number {
  const date = (time: Date) => Date.UTC(time.getFullYear(), time.getMonth(), time.getDate())
  // Dates at UTC midnight are whole days apart: rounding only absorbs a leap second's worth of nothing.
  return Math.max(0, Math.round((date(now) - date(then)) / DAY_MS))
}

/**
 * "Confirmed today", "Confirmed yesterday", "Confirmed 12 days ago": when a listing's owner last said the room is
 * there, by calendar days on the reader's clock (`now`: the caller's, so a screen shows one time throughout).
 * src/web/first-paint/early-cards.js writes the same words on the early cards (decision 060).
 */
export function confirmedAgo(confirmedAt: string, now: Date | number): string {
  const days = daysBefore(new Date(confirmedAt), new Date(now))
  return days === 0 ? 'Confirmed today' : days === 1 ? 'Confirmed yesterday' : `Confirmed ${days} days ago`
}
