import { API } from '#shared/api.ts'
import { api } from '../../lib/api.ts'

/** The parts of an OpenAPI 3.1 document the reference page shows. */
export type JsonSchema = { [key: string]: unknown }
export type Parameter = {
  name: string
  in: string
  required?: boolean
  schema?: JsonSchema
  description?: string
}
export type Response = { description?: string; content?: Record<string, { schema?: JsonSchema }> }
export type Operation = {
  operationId?: string
  description?: string
  tags?: string[]
  parameters?: Parameter[]
  requestBody?: { content: Record<string, { schema?: JsonSchema }> }
  responses: Record<string, Response>
  security?: Record<string, string[]>[]
}
export type OpenApiDocument = {
  info: { title: string; version: string; description?: string }
  paths: Record<string, Record<string, Operation>>
  components?: { schemas?: Record<string, JsonSchema> }
}
export type OperationEntry = { method: string; path: string; operation: Operation }

const METHODS = ['get', 'post', 'put', 'patch', 'delete']

export function fetchDocument(): Promise<OpenApiDocument> {
  return api<OpenApiDocument>(API.openapi)
}

/** The operations grouped by their first tag, in the document's order. */
export function operationsByTag(document: OpenApiDocument): [string, OperationEntry[]][] {
  const groups = new Map<string, OperationEntry[]>()
  for (const [path, item] of Object.entries(document.paths))
    for (const method of METHODS) {
      const operation = item[method]
      if (!operation) continue
      const tag = operation.tags?.[0] ?? 'other'
      groups.set(tag, [...(groups.get(tag) ?? []), { method: method.toUpperCase(), path, operation }])
    }
  return [...groups]
}

/** `#/components/schemas/User` → the schema it names. */
export function resolveRef(document: OpenApiDocument, schema: JsonSchema): JsonSchema {
  const ref = schema.$ref
  if (typeof ref !== 'string') return schema
  return document.components?.schemas?.[ref.split('/').at(-1)!] ?? {}
}
