import type { JsonSchema, OpenApiDocument } from './api.ts'
import { resolveRef } from './api.ts'

const CONSTRAINTS: [string, string][] = [
  ['minLength', 'at least {} characters'],
  ['maxLength', 'at most {} characters'],
  ['minimum', '≥ {}'],
  ['maximum', '≤ {}'],
  ['exclusiveMinimum', '> {}'],
  ['exclusiveMaximum', '< {}'],
  ['minItems', 'at least {} items'],
  ['maxItems', 'at most {} items'],
  ['format', '{}'],
  ['pattern', 'matching {}'],
  ['default', 'default {}'],
]

/** One line for a schema: its type and its rules ("string, at most 120 characters"). */
export function summary(document: OpenApiDocument, raw: JsonSchema): string {
  const schema = resolveRef(document, raw)
  const name = typeof raw.$ref === 'string' ? raw.$ref.split('/').at(-1) : undefined
  const union = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined
  if (union) return union.map((member) => summary(document, member)).join(' or ')
  if ('const' in schema) return JSON.stringify(schema.const)
  if (Array.isArray(schema.enum))
    return `one of ${schema.enum.map((value) => JSON.stringify(value)).join(', ')}`
  const type = Array.isArray(schema.type) ? schema.type.join(' or ') : String(schema.type ?? 'any')
  const items = schema.items as JsonSchema | undefined
  const kind = type === 'array' && items ? `array of ${summary(document, items)}` : (name ?? type)
  const rules = CONSTRAINTS.filter(([key]) => schema[key] !== undefined).map(([key, text]) =>
    text.replace('{}', typeof schema[key] === 'string' ? String(schema[key]) : JSON.stringify(schema[key])),
  )
  return [kind, ...rules].join(', ')
}

type SchemaViewProps = { document: OpenApiDocument; schema: JsonSchema; depth?: number }

/** A schema's fields as a nested list: name, whether required, type and rules. */
export function SchemaView({ document, schema: raw, depth = 0 }: SchemaViewProps) {
  let schema = resolveRef(document, raw)
  if (schema.type === 'array' && schema.items) schema = resolveRef(document, schema.items as JsonSchema)
  const properties = schema.properties as Record<string, JsonSchema> | undefined
  if (!properties || depth > 3) return <p className="font-mono text-sm">{summary(document, raw)}</p>
  const required = new Set((schema.required as string[] | undefined) ?? [])
  return (
    <>
      {raw.type === 'array' && <p className="text-sm">An array of:</p>}
      <ul className="space-y-1 border-l border-base-300 pl-3">
        {Object.entries(properties).map(([name, property]) => {
          const inner = resolveRef(document, property)
          const nested = inner.properties || (inner.items as JsonSchema | undefined)?.properties
          return (
            <li key={name} className="text-sm">
              <code className="font-semibold">{name}</code>
              {required.has(name) ? (
                <span className="ml-1 badge badge-sm badge-outline">required</span>
              ) : null}{' '}
              <span className="wrap-anywhere font-mono text-base-content/80">
                {summary(document, property)}
              </span>
              {typeof inner.description === 'string' && (
                <p className="text-base-content/80">{inner.description}</p>
              )}
              {nested ? <SchemaView document={document} schema={property} depth={depth + 1} /> : null}
            </li>
          )
        })}
      </ul>
    </>
  )
}
