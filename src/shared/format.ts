const formatters = new Map<string, Intl.NumberFormat>()

/** One format for every rent on every screen (DESIGN.md §6, CURRENCY). */
export function formatRent(rent: number, currency = 'USD'): string {
  let formatter = formatters.get(currency)
  if (!formatter) {
    formatter = new Intl.NumberFormat('en-US', { style: 'currency', currency, maximumFractionDigits: 0 })
    formatters.set(currency, formatter)
  }
  return formatter.format(rent)
}
