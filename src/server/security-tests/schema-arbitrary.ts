import fc from 'fast-check'

// Values for a JSON Schema (2020-12, as the OpenAPI document writes it), for fuzzing the API from its document:
// - `valid`: what the schema allows;
// - `edge`: mostly valid, with values on and just past each bound (lengths, ranges, a fraction for a whole
//   number, an item too many) and values left out;
// - `hostile`: mostly valid, with injection strings, control characters, wrong types and odd keys anywhere.

export type Schema = Record<string, unknown>
export type Mode = 'valid' | 'edge' | 'hostile'
/** Looks a `$ref` up in the document. */
export type Resolve = (ref: string) => Schema

/** Strings that have broken web apps: markup, SQL, NULs, lone surrogates, prototype keys, huge and odd numbers. */
export const HOSTILE_STRINGS = [
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  "' OR 1=1 --",
  "'; drop table listing; --",
  '\u0000',
  'a\u0000b',
  '%00',
  '%',
  '\ud800',
  '\u202eevil',
  '__proto__',
  'constructor',
  '{{7*7}}',
  '${7*7}',
  '../../etc/passwd',
  'x'.repeat(6000),
  '1e309',
  '-0',
  'NaN',
  'Infinity',
  '0x10',
  ' ',
  '',
]

const anyJson = fc.oneof(
  fc.constantFrom(...HOSTILE_STRINGS),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constant([]),
  fc.constant({}),
  fc.constant({ __proto__: { admin: true } }),
  fc.constant(JSON.parse('{"__proto__": {"admin": true}}') as unknown),
)

const types = (schema: Schema): string[] =>
  Array.isArray(schema.type) ? (schema.type as string[]) : schema.type ? [schema.type as string] : []

function formattedString(format: unknown): fc.Arbitrary<string> | undefined {
  switch (format) {
    case 'email':
      // Plain addresses: fast-check's own include forms that stricter checks (zod's) rightly refuse.
      return fc.stringMatching(/^[a-z]{1,10}(\.[a-z]{1,5})?@[a-z]{1,10}\.example$/)
    case 'uri':
      return fc.webUrl()
    case 'uuid':
      return fc.uuid()
    case 'date':
      return fc
        .date({ min: new Date('2000-01-01'), max: new Date('2099-12-31'), noInvalidDate: true })
        .map((d) => d.toISOString().slice(0, 10))
    case 'date-time':
      // Four-digit years: toISOString writes others as ±YYYYYY, which RFC 3339 (and zod) refuse.
      return fc
        .date({ min: new Date('2000-01-01'), max: new Date('2099-12-31'), noInvalidDate: true })
        .map((d) => d.toISOString())
  }
  return undefined
}

function validString(schema: Schema): fc.Arbitrary<string> {
  const minLength = (schema.minLength as number | undefined) ?? 0
  const maxLength = Math.min((schema.maxLength as number | undefined) ?? 40, minLength + 60)
  const formatted = formattedString(schema.format)
  if (formatted) return formatted
  // A pattern says the length itself (a key of exactly 87 characters): only the bounds the schema declares
  // apply, never the 40-character cap for free text, which no string of such a pattern could meet.
  if (typeof schema.pattern === 'string') {
    const declaredMax = (schema.maxLength as number | undefined) ?? Infinity
    return fc
      .stringMatching(new RegExp(schema.pattern))
      .filter((s) => s.length >= minLength && s.length <= declaredMax)
  }
  // Mostly plain words (a host name passes as a web address too), so that valid values get past the handlers.
  return fc
    .oneof(
      { arbitrary: fc.stringMatching(/^[a-z]{1,12}(\.example)?$/), weight: 3 },
      fc.string({ minLength, maxLength }),
    )
    .filter((s) => s.length >= minLength && s.length <= maxLength)
}

function validNumber(schema: Schema, integer: boolean): fc.Arbitrary<number> {
  const min =
    (schema.minimum as number | undefined) ?? (schema.exclusiveMinimum as number | undefined) ?? -1e6
  const max = (schema.maximum as number | undefined) ?? (schema.exclusiveMaximum as number | undefined) ?? 1e6
  const whole = fc.integer({ min: Math.ceil(min), max: Math.floor(max) })
  if (integer) return whole
  return fc.oneof(whole, fc.double({ min, max, noNaN: true, noDefaultInfinity: true }))
}

/** Values on and just past the bounds the schema states. */
function edges(schema: Schema): unknown[] {
  const values: unknown[] = []
  const t = types(schema)
  if (t.includes('string')) {
    const min = (schema.minLength as number | undefined) ?? 0
    const max = schema.maxLength as number | undefined
    values.push('', ' ', 'a'.repeat(min), ...(min > 0 ? ['a'.repeat(min - 1)] : []))
    if (max !== undefined) values.push('a'.repeat(max), 'a'.repeat(max + 1), ` ${'a'.repeat(max)} `)
  }
  if (t.includes('number') || t.includes('integer')) {
    for (const bound of ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum'])
      if (typeof schema[bound] === 'number') {
        const value = schema[bound] as number
        values.push(value, value - 1, value + 1, value + 0.5, value - 0.5)
      }
    values.push(0, -0, 0.5, -1, 2 ** 31, 2 ** 53, 1e308, -1e308)
  }
  if (t.includes('array')) {
    const item = (schema.items as Schema | undefined) ?? {}
    const example = item.enum ? (item.enum as unknown[])[0] : 'a'
    for (const bound of ['minItems', 'maxItems'])
      if (typeof schema[bound] === 'number') {
        const count = schema[bound] as number
        values.push(Array(count).fill(example), Array(count + 1).fill(example))
        if (count > 0) values.push(Array(count - 1).fill(example))
      }
  }
  if (Array.isArray(schema.enum))
    values.push(
      ...(schema.enum as unknown[])
        .filter((v) => typeof v === 'string')
        .map((v) => (v as string).toUpperCase()),
    )
  return values
}

/** Values for `schema`; `resolve` looks up `$ref`s in the document. */
export function arbitrary(schema: Schema, mode: Mode, resolve: Resolve, depth = 0): fc.Arbitrary<unknown> {
  if (typeof schema.$ref === 'string') return arbitrary(resolve(schema.$ref), mode, resolve, depth)
  const valid = validArbitrary(schema, mode, resolve, depth)
  if (mode === 'valid') return valid
  const odd = mode === 'edge' ? edges(schema) : []
  return fc.oneof(
    { arbitrary: valid, weight: 3 },
    { arbitrary: odd.length > 0 ? fc.constantFrom(...odd) : anyJson, weight: 1 },
    { arbitrary: mode === 'hostile' ? anyJson : fc.constant(undefined), weight: mode === 'hostile' ? 2 : 0 },
  )
}

function validArbitrary(schema: Schema, mode: Mode, resolve: Resolve, depth: number): fc.Arbitrary<unknown> {
  if ('const' in schema) return fc.constant(schema.const)
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]))
  const union = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined
  if (union && schema.properties)
    return fc.oneof(...union.map((member) => arbitrary(withMember(schema, member), mode, resolve, depth)))
  if (union) return fc.oneof(...union.map((member) => arbitrary(member, mode, resolve, depth + 1)))
  if (Array.isArray(schema.allOf))
    return arbitrary(Object.assign({}, ...(schema.allOf as Schema[])), mode, resolve, depth)
  const t = types(schema)
  if (t.length === 0) return depth > 2 ? fc.constant(null) : anyJson
  return fc.oneof(
    ...t.map((type): fc.Arbitrary<unknown> => {
      switch (type) {
        case 'string':
          return validString(schema)
        case 'integer':
        case 'number':
          return validNumber(schema, type === 'integer')
        case 'boolean':
          return fc.boolean()
        case 'null':
          return fc.constant(null)
        case 'array': {
          const items = (schema.items as Schema | undefined) ?? {}
          const minLength = (schema.minItems as number | undefined) ?? 0
          const maxLength = Math.min((schema.maxItems as number | undefined) ?? 4, minLength + 4)
          return fc.array(arbitrary(items, mode, resolve, depth + 1), { minLength, maxLength })
        }
        default:
          return objectArbitrary(schema, mode, resolve, depth)
      }
    }),
  )
}

function objectArbitrary(schema: Schema, mode: Mode, resolve: Resolve, depth: number): fc.Arbitrary<unknown> {
  const properties = (schema.properties as Record<string, Schema> | undefined) ?? {}
  const required = ((schema.required as string[] | undefined) ?? []).filter((key) => key in properties)
  const optional = Object.keys(properties).filter((key) => !required.includes(key))
  // A few optional keys at a time, so that one odd value is often the only one (a request with many is
  // refused for the first that's wrong, and the rest are never tried); away from `valid`, a required key may go.
  const keys = fc
    .tuple(
      fc.subarray(optional, { maxLength: Math.min(3, optional.length) }),
      mode === 'valid' || required.length === 0
        ? fc.constant<string[]>([])
        : fc.oneof(
            { arbitrary: fc.constant<string[]>([]), weight: 4 },
            fc.subarray(required, { minLength: 1, maxLength: 1 }),
          ),
    )
    .map(([chosen, dropped]) => [...required.filter((key) => !dropped.includes(key)), ...chosen])
  const record = keys.chain((chosen) =>
    fc.record(
      Object.fromEntries(chosen.map((key) => [key, arbitrary(properties[key]!, mode, resolve, depth + 1)])),
    ),
  )
  const extra = schema.additionalProperties
  const names = (schema.propertyNames as Schema | undefined) ?? { type: 'string', maxLength: 20 }
  const more =
    extra && typeof extra === 'object' && depth < 3
      ? fc.dictionary(
          arbitrary(names, 'valid', resolve, depth + 1) as fc.Arbitrary<string>,
          arbitrary(extra as Schema, mode, resolve, depth + 1),
          { maxKeys: 4 },
        )
      : mode === 'hostile'
        ? fc.dictionary(
            fc.constantFrom('__proto__', 'constructor', 'likes', 'ownerId', 'userEmail', 'isOwner'),
            anyJson,
            {
              maxKeys: 2,
            },
          )
        : fc.constant({})
  return fc.tuple(record, more).map(([own, added]) => {
    // Drop undefined values: JSON leaves them out anyway, and query strings must not say "undefined". Keys such
    // as __proto__ become own properties, as JSON.parse makes them.
    const value: Record<string, unknown> = {}
    for (const [key, item] of [...Object.entries(added), ...Object.entries(own)])
      if (item !== undefined)
        Object.defineProperty(value, key, {
          value: item,
          enumerable: true,
          writable: true,
          configurable: true,
        })
    return value
  })
}

/**
 * An object whose `oneOf` (or `anyOf`) only says which of its own properties are required, as one of its members:
 * its properties with the member's required keys added, and no union left.
 */
function withMember(schema: Schema, member: Schema): Schema {
  const { oneOf: _one, anyOf: _any, ...object } = schema
  const required = [
    ...((object.required as string[] | undefined) ?? []),
    ...((member.required as string[]) ?? []),
  ]
  return { ...object, ...member, required }
}

/** One plain valid value: the schema's default or first choice, a word for text, the lower bound for a number. */
export function example(schema: Schema, resolve: Resolve): unknown {
  if (typeof schema.$ref === 'string') return example(resolve(schema.$ref), resolve)
  if ('const' in schema) return schema.const
  if ('default' in schema) return schema.default
  // A value only a rule beyond the schema's words accepts (an IANA time zone) names one.
  if (Array.isArray(schema.examples)) return schema.examples[0]
  if (Array.isArray(schema.enum)) return schema.enum[0]
  const union = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined
  if (union && schema.properties) return example(withMember(schema, union[0]!), resolve)
  if (union) return example(union[0]!, resolve)
  switch (types(schema)[0]) {
    case 'string': {
      if (typeof schema.pattern === 'string')
        return fc.sample(validString(schema), { numRuns: 1, seed: 1 })[0]
      if (schema.format) return fc.sample(validString(schema), { numRuns: 1, seed: 1 })[0]
      const word = 'nestmate.example'.padEnd((schema.minLength as number | undefined) ?? 0, 'x')
      return word.slice(0, (schema.maxLength as number | undefined) ?? word.length)
    }
    case 'integer':
    case 'number':
      return Math.max(0, Math.ceil((schema.minimum as number | undefined) ?? 0))
    case 'boolean':
      return true
    case 'null':
      return null
    case 'array':
      return Array.from({ length: (schema.minItems as number | undefined) ?? 0 }, () =>
        example((schema.items as Schema | undefined) ?? {}, resolve),
      )
    case 'object': {
      const properties = (schema.properties as Record<string, Schema> | undefined) ?? {}
      const required = (schema.required as string[] | undefined) ?? []
      return Object.fromEntries(required.map((key) => [key, example(properties[key] ?? {}, resolve)]))
    }
  }
  return null
}

/** A value for a URL: percent-encoded, and a lone surrogate as the bytes a client that does send one writes. */
export function encodable(value: string): string {
  try {
    return encodeURIComponent(value)
  } catch {
    return '%ED%A0%80'
  }
}
