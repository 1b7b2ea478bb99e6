import { z } from 'zod'
import {
  factFilters,
  unitLabel,
  type ChoiceFact,
  type Fact,
  type FactFilter,
  type FactFilterValues,
  type FactTable,
  type FactValue,
} from './fact-table.ts'

// The zod schemas of a fact table (./fact-table.ts): what a client writes, what the API answers, and browse's
// filters. Forms send every value as text, JSON clients as numbers and booleans: both are accepted.

/** A calendar day as YYYY-MM-DD, within years PostgreSQL and people both read the same way. */
export const DaySchema = (label: string) =>
  z.iso
    .date({ error: `${label} must be a date written YYYY-MM-DD.` })
    .refine((day) => day >= '2000-01-01' && day <= '2099-12-31', `${label} must be between 2000 and 2099.`)

// A fact nobody stated is null, not "no": forms send '' for it, 'true' or 'false' for an answer.
const FORM_BOOLEANS = new Map<unknown, boolean | null>([
  [undefined, null],
  ['', null],
  ['true', true],
  ['false', false],
])
const blankToNull = (value: unknown) => (value === '' || value === undefined ? null : value)
const blankToUndefined = (value: unknown) => (value === '' ? undefined : value)

const choices = (fact: ChoiceFact) => Object.keys(fact.options) as [string, ...string[]]
const choiceList = (fact: ChoiceFact) => choices(fact).join(', ')

function input(fact: Fact): z.ZodType {
  const label = fact.messageLabel ?? unitLabel(fact)
  if (fact.kind === 'choice') {
    // A required choice is asked on every write from now on (a plain enum the published document marks
    // required); rows written before it stay null.
    if (fact.required)
      return z.preprocess(
        blankToUndefined,
        z.enum(choices(fact), {
          error: (issue) =>
            issue.input == null ? `${label} is required.` : `${label} must be one of ${choiceList(fact)}.`,
        }),
      )
    const schema = z.enum(choices(fact), { error: `${label} must be one of ${choiceList(fact)}.` })
    return z.preprocess(blankToNull, schema.nullable())
  }
  if (fact.kind === 'yesNo')
    return z.preprocess(
      (value) => (FORM_BOOLEANS.has(value) ? FORM_BOOLEANS.get(value) : value),
      z.boolean({ error: `${label} must be true, false or empty.` }).nullable(),
    )
  if (fact.kind === 'wish')
    return z.preprocess(
      // A form's unticked box sends nothing, a JSON client may say false: both mean "not wished".
      (value) =>
        value === 'true' || value === 'on'
          ? true
          : value === false || value === 'false'
            ? null
            : blankToNull(value),
      z.literal(true, { error: `${label} must be true or empty.` }).nullable(),
    )
  if (fact.kind === 'day') return z.preprocess(blankToNull, DaySchema(label).nullable())
  const message = `${label} must be a whole number from ${fact.min} to ${fact.max}, or empty.`
  return z.preprocess(
    (value) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : blankToNull(value)),
    z.number({ error: message }).int(message).min(fact.min, message).max(fact.max, message).nullable(),
  )
}

const answer = (fact: Fact): z.ZodType =>
  fact.kind === 'choice'
    ? z.enum(choices(fact)).nullable()
    : fact.kind === 'yesNo' || fact.kind === 'wish'
      ? z.boolean().nullable()
      : fact.kind === 'day'
        ? z.string().nullable()
        : z.number().nullable()

// One or more values, comma-separated (`advertiser=agent,flatmate`), or the parameter repeated (a form's boxes).
const anyOf = (
  param: string,
  fact: ChoiceFact,
  message = `${param} must be one or more of ${choiceList(fact)}, comma-separated.`,
) =>
  z.preprocess(
    (value) => {
      const parts = (Array.isArray(value) ? value : [value])
        .flatMap((part) => (typeof part === 'string' ? part.split(',') : [part]))
        .filter((part) => part !== '' && part !== undefined)
      return parts.length === 0 ? undefined : [...new Set(parts)]
    },
    // Checked as a whole, so a wrong value is an issue of the parameter rather than of its nth value.
    z
      .array(z.string(), { error: message })
      .refine((values) => values.every((value) => value in fact.options), message)
      .optional(),
  )

function filter({ param, fact }: FactFilter): z.ZodType {
  if (fact.kind === 'choice') return anyOf(param, fact)
  if (fact.kind === 'yesNo' || fact.kind === 'wish')
    return z.preprocess(
      blankToUndefined,
      z.literal('true', { error: `${param} may only be true (or left out).` }).optional(),
    )
  if (fact.kind === 'day') return z.preprocess(blankToUndefined, DaySchema(param).optional())
  const message = `${param} must be a whole number${fact.unit ? ` of ${fact.unit}s` : ''} from ${fact.min} to ${fact.max}.`
  return z.preprocess(
    blankToUndefined,
    z.coerce.number({ error: message }).int(message).min(fact.min, message).max(fact.max, message).optional(),
  )
}

const each = <T extends FactTable>(table: T, schema: (fact: Fact) => z.ZodType) =>
  Object.fromEntries(Object.entries(table).map(([name, fact]) => [name, schema(fact)]))

/** What a client may write: each fact, null when not said. */
export const factInputShape = <T extends FactTable>(table: T) =>
  each(table, input) as { [K in keyof T]: z.ZodType<FactValue<T[K]>> }

/** How the API answers each fact. */
export const factAnswerShape = <T extends FactTable>(table: T) =>
  each(table, answer) as { [K in keyof T]: z.ZodType<FactValue<T[K]>> }

/** Browse's parameters for the table's filters, each optional. */
export const factFilterShape = <T extends FactTable>(table: T) =>
  Object.fromEntries(factFilters(table).map((entry) => [entry.param, filter(entry)])) as {
    [P in keyof FactFilterValues<T>]-?: z.ZodOptional<z.ZodType<NonNullable<FactFilterValues<T>[P]>>>
  }
