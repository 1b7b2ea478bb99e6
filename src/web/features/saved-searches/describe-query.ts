import { formatRent } from '#shared/format.ts'

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
  if (get('moveInBy')) parts.push(`move in by ${get('moveInBy')}`)
  for (const [key, label] of [
    ['billsIncluded', 'bills included'],
    ['furnished', 'furnished'],
    ['petsAllowed', 'pets allowed'],
    ['smokingAllowed', 'smoking allowed'],
  ] as const)
    if (get(key)) parts.push(label)
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
