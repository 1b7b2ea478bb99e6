import { factFilters, type FactFilter } from '#shared/fact-table.ts'
import { formatRent } from '#shared/format.ts'
import { LISTING_FACTS } from '#shared/listing-values.ts'
import { factText } from '../../components/facts/fact-text.ts'

// The household filters are described from the listing's fact table, as browse's own filters are built from it
// (decisions 029 and 048): a new fact filter is described with no edit here.
const FACT_FILTERS = factFilters(LISTING_FACTS)

/** A fact filter in words: "posted by letting agent or current flatmate", "furnished", "move in by 1 December 2026", "max stay 6 months". */
function factWords({ fact, label, bound }: FactFilter, value: string): string {
  const words = label.replace(/\s*\(.*\)$/, '').toLowerCase()
  if (fact.kind === 'choice')
    return `${words} ${value
      .split(',')
      .map((one) => factText(fact, one).toLowerCase())
      .join(' or ')}`
  return bound ? `${words} ${factText(fact, value)}` : words
}

/** A saved view in words ("Single · up to $900 · within 20 km of Berlin · newest first"). */
export function describeQuery(query: string, currency: string): string {
  const params = new URLSearchParams(query)
  const get = (key: string) => params.get(key) ?? undefined
  const rent = (key: string) => formatRent(Number(get(key)), currency)
  const parts: string[] = []
  if (get('roomType')) parts.push(get('roomType')!)
  if (get('minRent') && get('maxRent')) parts.push(`${rent('minRent')}–${rent('maxRent')}`)
  else if (get('maxRent')) parts.push(`up to ${rent('maxRent')}`)
  else if (get('minRent')) parts.push(`from ${rent('minRent')}`)
  if (get('near'))
    parts.push(`within ${get('radiusKm') ?? 15} km of ${get('nearName')?.split(',')[0] ?? 'a place'}`)
  if (get('q')) parts.push(`“${get('q')}”`)
  if (get('available')) parts.push('available only')
  for (const filter of FACT_FILTERS) {
    const value = get(filter.param)
    if (value) parts.push(factWords(filter, value))
  }
  const sort = {
    rent_desc: 'dearest first',
    newest: 'newest first',
    distance: 'nearest first',
    match: 'best match first',
  }
  const order = sort[get('sort') as keyof typeof sort]
  if (order) parts.push(order)
  return parts.length > 0 ? parts.join(' · ') : 'Every room'
}
