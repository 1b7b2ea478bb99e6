import { currencyName } from '#shared/format.ts'

/**
 * Where rents are shown: the site shows every rent in the one currency its operator chose (CURRENCY), whatever
 * the room's country, so it says which, rather than leave a "$" beside a room in Berlin unexplained.
 */
export function CurrencyNote({ currency, className = '' }: { currency: string; className?: string }) {
  return (
    <p className={`text-sm text-base-content/70 ${className}`}>
      Rents are per month, in {currencyName(currency)}: this site shows every rent in one currency.
    </p>
  )
}
