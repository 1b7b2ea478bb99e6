import { z } from 'zod'
import { NUL_FREE } from './text.ts'

// References (docs/api.md, References): a person asks someone they lived with or rented from; the referee answers
// from a single-use link, without an account (docs/decisions/091).

export const RELATIONSHIPS = ['flatmate', 'landlord', 'live_in_landlord'] as const
export type Relationship = (typeof RELATIONSHIPS)[number]
/** The relationship in plain words, as the referee's page and the reference say it. */
export const RELATIONSHIP_WORDS: Record<Relationship, string> = {
  flatmate: 'Lived together as flatmates',
  landlord: 'Was their landlord',
  live_in_landlord: 'Was their landlord, living in the same home',
}
export const RATINGS = ['tidy', 'bills', 'considerate', 'communication'] as const
export const RATING_WORDS: Record<(typeof RATINGS)[number], string> = {
  tidy: 'Tidy',
  bills: 'Pays on time',
  considerate: 'Considerate',
  communication: 'Communication',
}
export const REFERENCE_LIMITS = { text: 1000, name: 80, perDay: 10, days: 14 }

const RelationshipSchema = z.enum(RELATIONSHIPS, {
  error: 'relationship must be flatmate, landlord or live_in_landlord.',
})

export const ReferenceRequestInputSchema = z.object({
  refereeEmail: z
    .email({ error: 'refereeEmail must be an e-mail address.' })
    .max(254, 'refereeEmail must be an e-mail address.')
    .transform((email) => email.toLowerCase()),
  refereeName: z
    .string({ error: 'refereeName is required.' })
    .trim()
    .min(1, 'refereeName is required.')
    .max(REFERENCE_LIMITS.name, `refereeName must be at most ${REFERENCE_LIMITS.name} characters.`)
    .refine(NUL_FREE.check, NUL_FREE.message('refereeName'))
    .refine((name) => !/[\r\n]/.test(name), 'refereeName must be one line.'),
  relationship: RelationshipSchema,
})
export type ReferenceRequestInput = z.infer<typeof ReferenceRequestInputSchema>

/** A year and month, `YYYY-MM`, from 1950 on. */
const MonthSchema = (label: string) =>
  z
    .string({ error: `${label} must be a month written YYYY-MM.` })
    .regex(/^(19[5-9]\d|20\d\d)-(0[1-9]|1[0-2])$/, `${label} must be a month written YYYY-MM.`)
/** A rating: a whole number from 1 to 5 (references and reviews). */
export const Rating = (label: string) =>
  z.coerce
    .number({ error: `${label} must be a whole number from 1 to 5.` })
    .int(`${label} must be a whole number from 1 to 5.`)
    .min(1, `${label} must be a whole number from 1 to 5.`)
    .max(5, `${label} must be a whole number from 1 to 5.`)

export const ReferenceAnswerSchema = z
  .object({
    relationship: RelationshipSchema,
    from: MonthSchema('from'),
    to: MonthSchema('to'),
    tidy: Rating('tidy'),
    bills: Rating('bills'),
    considerate: Rating('considerate'),
    communication: Rating('communication'),
    text: z
      .string({ error: 'text must be text.' })
      .trim()
      .max(
        REFERENCE_LIMITS.text,
        `text must be at most ${REFERENCE_LIMITS.text.toLocaleString('en-US')} characters.`,
      )
      .refine(NUL_FREE.check, NUL_FREE.message('text'))
      .default(''),
  })
  .refine((answer) => answer.from <= answer.to, { path: ['to'], message: 'to must not be before from.' })
export type ReferenceAnswer = z.infer<typeof ReferenceAnswerSchema>

/** The link's token, under the name `id`: the router holds one parameter name per path position. */
export const ReferenceTokenParamsSchema = z.object({
  id: z.string().max(100, 'Reference link not found.'),
})
export const ReferenceIdParamsSchema = z.object({ id: z.uuid({ error: 'Malformed reference id.' }) })
export const ReferenceVisibilitySchema = z.object({
  hidden: z.boolean({ error: 'hidden must be true or false.' }),
})

/** What the referee's page shows: the requester's name and what is asked, nothing else. */
export const ReferenceAskSchema = z.object({ requesterName: z.string(), relationship: RelationshipSchema })
export type ReferenceAsk = z.infer<typeof ReferenceAskSchema>

/** A reference as shown: never the referee's address. */
export const ReferenceSchema = z.object({
  _id: z.string(),
  refereeName: z.string(),
  relationship: RelationshipSchema,
  from: z.string(),
  to: z.string(),
  tidy: z.number(),
  bills: z.number(),
  considerate: z.number(),
  communication: z.number(),
  text: z.string(),
  createdAt: z.string(),
  /** Always true: the referee answered from a link mailed to their address. */
  confirmedByEmail: z.literal(true),
})
export type Reference = z.infer<typeof ReferenceSchema>
export const PublicReferencesSchema = z.object({ count: z.number(), items: z.array(ReferenceSchema) })
export type PublicReferences = z.infer<typeof PublicReferencesSchema>

/** The subject's own view: each reference with whether it is hidden, and the requests still open. */
export const MyReferencesSchema = z.object({
  references: z.array(ReferenceSchema.extend({ hidden: z.boolean() })),
  pending: z.array(
    z.object({ refereeName: z.string(), relationship: RelationshipSchema, expiresAt: z.string() }),
  ),
})
export type MyReferences = z.infer<typeof MyReferencesSchema>
