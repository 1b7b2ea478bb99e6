import fastJson, { type Schema } from 'fast-json-stringify'
import { z } from 'zod'

/**
 * A route's `serializerCompiler` for its busiest answers: the zod response schema, compiled once into Fastify's own
 * fast-json-stringify. Checking every row with zod and then stringifying it was a few percent of the CPU of each
 * browse answer. Only the schema's properties are written, so a field the schema leaves out (a phone number) never
 * leaves the server; unlike zod, values aren't checked against enums or formats.
 */
export const precompiledSerializer = ({ schema }: { schema: unknown }) =>
  fastJson(z.toJSONSchema(schema as z.ZodType, { target: 'draft-07' }) as Schema)
