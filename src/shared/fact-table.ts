// An entity's facts as data, without the schema library: each fact's schema, answer, column, form control, view
// and browse filters follow from its kind, so a new fact is a row of its entity's table (the listing's is
// listing-facts.ts) and a generated migration. fact-schemas.ts builds the zod schemas, src/server/db/fact-sql.ts the
// columns and filters, the web app its form fields, facts view and browse filters (docs/decisions/029).

/** A browse filter bounding a fact: `atLeast` keeps what states at least the parameter's value. */
export type FactBound = {
  /** The query parameter (`minStay`). */
  param: string
  /** How the browse form labels it. */
  label: string
  bound: 'atLeast' | 'atMost'
  /** Whatever doesn't state the fact passes too: a listing that doesn't say when it's free isn't ruled out. */
  keepsUnsaid?: boolean
}

type Common = {
  /** What people read: the form's label, the details' term and the API's messages. */
  label: string
  /** How the API's messages name the fact, where they always said something other than the label. */
  messageLabel?: string
}

/** Yes, no, or not said (null). */
export type YesNoFact = Common & {
  kind: 'yesNo'
  sample: boolean | null
  /** Browse can keep only what says yes, through a parameter named after the fact (`furnished=true`). */
  yesFilter?: boolean
}

/** A wish: wanted (true) or not said (null); there is no "no" (a seeker wanting bills included, say). */
export type WishFact = Common & {
  kind: 'wish'
  sample: true | null
  /** Browse can keep only what wants it, through a parameter named after the fact. */
  yesFilter?: boolean
}

/** A whole number in a range, or not said. */
export type WholeNumberFact = Common & {
  kind: 'wholeNumber'
  min: number
  max: number
  /** Singular (`month`): the label reads "Minimum stay (months)", a value "6 months". */
  unit?: string
  sample: number | null
  filters?: readonly FactBound[]
}

/** A calendar day (YYYY-MM-DD), or not said. */
export type DayFact = Common & { kind: 'day'; sample: string | null; filters?: readonly FactBound[] }

/**
 * One of a few named values (`options`: value → words), or not said. `required`: asked on every new entity and
 * edit, though rows written before the fact existed stay null. `anyOfFilter`: browse keeps what states any of the
 * values given in a parameter named after the fact (`advertiser=agent,flatmate`). `onCard`: browse's cards show it.
 */
export type ChoiceFact = Common & {
  kind: 'choice'
  options: Readonly<Record<string, string>>
  sample: string | null
  required?: boolean
  anyOfFilter?: { label: string }
  onCard?: boolean
}

export type Fact = YesNoFact | WishFact | WholeNumberFact | DayFact | ChoiceFact
export type FactTable = Readonly<Record<string, Fact>>

export type FactValue<F extends Fact> = F extends YesNoFact
  ? boolean | null
  : F extends WishFact
    ? true | null
    : F extends WholeNumberFact
      ? number | null
      : F extends { kind: 'choice'; options: infer O }
        ? (keyof O & string) | null
        : string | null
export type FactValues<T extends FactTable> = { -readonly [K in keyof T]: FactValue<T[K]> }

/** The parameters of a fact's bounds (`minStay`, `maxStay`). */
export type BoundParams<F> = F extends { filters: readonly (infer B)[] }
  ? B extends { param: infer P }
    ? P
    : never
  : never
/** The facts browse filters by a yes-only parameter named after them. */
export type YesParams<T extends FactTable> = {
  [K in keyof T]: T[K] extends { yesFilter: true } ? K : never
}[keyof T]
/** The choices browse filters by any of several values, through a parameter named after them. */
export type AnyOfParams<T extends FactTable> = {
  [K in keyof T]: T[K] extends { anyOfFilter: object } ? K : never
}[keyof T]
/** The fact a bound's parameter bounds. */
export type BoundFact<T extends FactTable, P> = {
  [K in keyof T]: P extends BoundParams<T[K]> ? T[K] : never
}[keyof T]
type BoundValue<T extends FactTable, P> = {
  [K in keyof T]: P extends BoundParams<T[K]> ? NonNullable<FactValue<T[K]>> : never
}[keyof T]
/** The browse filter parameters a table declares, each with its value's type. */
export type FactFilterValues<T extends FactTable> = { [K in YesParams<T>]?: 'true' } & {
  [K in AnyOfParams<T>]?: NonNullable<FactValue<T[K]>>[]
} & {
  [P in BoundParams<T[keyof T]> & string]?: BoundValue<T, P>
}

/** One browse filter of a fact: a yes-only or any-of filter (`bound` undefined) or a bound. */
export type FactFilter = { param: string; name: string; fact: Fact; label: string; bound?: FactBound }

export const factNames = <T extends FactTable>(table: T) => Object.keys(table) as (keyof T & string)[]

/** The label with its unit: "Minimum stay (months)". */
export const unitLabel = (fact: Fact) =>
  fact.kind === 'wholeNumber' && fact.unit ? `${fact.label} (${fact.unit}s)` : fact.label

// Dates, then the yes-only facts, then the numbers: the order the API has always checked them in (the first of
// several wrong parameters is the one its error names) and a view writes them into its address.
const FILTER_ORDER: Record<Fact['kind'], number> = { day: 0, yesNo: 1, wish: 1, wholeNumber: 2, choice: 3 }

/** Every browse filter the table declares, in the order above. */
export function factFilters(table: FactTable): FactFilter[] {
  return Object.entries(table)
    .flatMap(([name, fact]): FactFilter[] =>
      fact.kind === 'yesNo' || fact.kind === 'wish'
        ? fact.yesFilter
          ? [{ param: name, name, fact, label: fact.label }]
          : []
        : fact.kind === 'choice'
          ? fact.anyOfFilter
            ? [{ param: name, name, fact, label: fact.anyOfFilter.label }]
            : []
          : (fact.filters ?? []).map((bound) => ({
              param: bound.param,
              name,
              fact,
              label: bound.label,
              bound,
            })),
    )
    .sort((a, b) => FILTER_ORDER[a.fact.kind] - FILTER_ORDER[b.fact.kind])
}

/** Whether a fact is a yes/no or a wish: shown after the values, filtered by a yes-only parameter. */
export const isYesLike = (fact: Fact) => fact.kind === 'yesNo' || fact.kind === 'wish'

/** The facts shown as values (dates, numbers) first, then the yes/no ones: the order of forms and views. */
export function factsForDisplay<T extends FactTable>(table: T): [keyof T & string, Fact][] {
  const entries = Object.entries(table) as [keyof T & string, Fact][]
  return [...entries.filter(([, fact]) => !isYesLike(fact)), ...entries.filter(([, fact]) => isYesLike(fact))]
}

/** The facts browse's cards show. */
export const cardFacts = <T extends FactTable>(table: T) =>
  Object.fromEntries(Object.entries(table).filter(([, fact]) => fact.kind === 'choice' && fact.onCard)) as {
    [K in keyof T as T[K] extends { onCard: true } ? K : never]: T[K]
  }

/** Every fact's sample value: the sample entity's facts, and the demo data's defaults. */
export const sampleFacts = <T extends FactTable>(table: T) =>
  Object.fromEntries(Object.entries(table).map(([name, fact]) => [name, fact.sample])) as FactValues<T>
