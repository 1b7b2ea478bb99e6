import type { Fact } from '#shared/fact-table.ts'

const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'}`

/** A YYYY-MM-DD day in words ("1 December 2026"), the same in every time zone. */
const formatDay = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en-GB', { dateStyle: 'long', timeZone: 'UTC' })

/** A fact's value in words: "Yes", "Current flatmate", "1 December 2026", "6 months", "2", or "Not said". */
export function factText(fact: Fact, value: unknown): string {
  if (value === null || value === undefined) return 'Not said'
  if (fact.kind === 'yesNo') return value ? 'Yes' : 'No'
  if (fact.kind === 'wish') return 'Wanted'
  if (fact.kind === 'day') return formatDay(String(value))
  if (fact.kind === 'choice') return fact.options[String(value)] ?? String(value)
  return fact.unit ? plural(Number(value), fact.unit) : String(value)
}
