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

/** "confirmed today", "confirmed yesterday", "confirmed 12 days ago": when a listing was last said to be there. */
export function confirmedAgo(confirmedAt: string, now = Date.now()): string {
  const days = Math.max(0, Math.floor((now - Date.parse(confirmedAt)) / DAY_MS))
  return days === 0 ? 'confirmed today' : days === 1 ? 'confirmed yesterday' : `confirmed ${days} days ago`
}
