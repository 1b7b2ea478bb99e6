import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ApiErrorSchema } from '#shared/errors.ts'
import { PATHS } from '#shared/api.ts'
import {
  MyReferencesSchema,
  RELATIONSHIP_WORDS,
  ReferenceAnswerSchema,
  ReferenceAskSchema,
  ReferenceIdParamsSchema,
  ReferenceRequestInputSchema,
  ReferenceTokenParamsSchema,
  ReferenceVisibilitySchema,
} from '#shared/references.ts'
import type { Mailer } from '../../mail/mailer.ts'
import { renderReferenceRequestMail } from '../../mail/mail-templates.ts'
import { HttpError } from '../../plugins/errors.ts'
import { WRITE_LIMIT } from '../listings/index.ts'
import type { ReferencesRepository } from './references-repository.ts'

export const MESSAGES = {
  unverified: 'Confirm your e-mail address before asking for references.',
  ownAddress: 'A reference must come from someone else: that address is your own.',
  exists: 'This person has already written you a reference.',
  tooMany: 'You can ask for 10 references a day; try again tomorrow.',
  unknown: 'Reference link not found.',
  gone: 'This reference link has been used or has expired.',
  missing: 'Reference not found.',
}

const Message = z.object({ message: z.string() })
const Unknown = ApiErrorSchema.describe('No request has this token.')
const Gone = ApiErrorSchema.describe('The link was used already, or is more than 14 days old.')

/** References (docs/api.md, References; docs/decisions/091). */
export const referenceRoutes =
  (references: ReferencesRepository, mailer: Mailer, baseUrl: string): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/references/requests',
      {
        config: { auth: 'signed-in', rateLimit: WRITE_LIMIT },
        schema: {
          body: ReferenceRequestInputSchema,
          response: {
            201: Message,
            400: ApiErrorSchema.describe("The body is invalid, or the address is the caller's own."),
            403: ApiErrorSchema.describe("The caller's e-mail address isn't verified."),
            409: ApiErrorSchema.describe('A reference from this address exists.'),
            429: ApiErrorSchema.describe('The caller asked 10 times in the last day.'),
          },
        },
      },
      async (request, reply) => {
        const asked = await references.request(request.user.id, request.body)
        if (asked === 'unverified') throw new HttpError(403, MESSAGES.unverified)
        if (asked === 'own-address') throw new HttpError(400, MESSAGES.ownAddress)
        if (asked === 'exists') throw new HttpError(409, MESSAGES.exists)
        if (asked === 'too-many') throw new HttpError(429, MESSAGES.tooMany)
        const link = `${baseUrl}${PATHS.referenceAnswer(asked.token)}`
        mailer.send({
          to: request.body.refereeEmail,
          link,
          ...renderReferenceRequestMail({
            requesterName: asked.requesterName,
            relationship: RELATIONSHIP_WORDS[request.body.relationship],
            link,
            siteName: 'Nestmate',
            baseUrl,
          }),
        })
        return reply.status(201).send({ message: 'Request sent.' })
      },
    )

    app.get(
      '/api/references/mine',
      { config: { auth: 'signed-in' }, schema: { response: { 200: MyReferencesSchema } } },
      async (request) => references.mine(request.user.id),
    )

    const usable = <T>(state: T | 'unknown' | 'gone'): T => {
      if (state === 'unknown') throw new HttpError(404, MESSAGES.unknown)
      if (state === 'gone') throw new HttpError(410, MESSAGES.gone)
      return state
    }

    // The referee has no account: the link's token is their only credential.
    app.get(
      '/api/references/:id',
      {
        config: { auth: 'public' },
        schema: {
          params: ReferenceTokenParamsSchema,
          response: { 200: ReferenceAskSchema, 404: Unknown, 410: Gone },
        },
      },
      async (request) => usable(await references.ask(request.params.id)),
    )

    app.post(
      '/api/references/:id',
      {
        config: { auth: 'public', rateLimit: WRITE_LIMIT },
        schema: {
          params: ReferenceTokenParamsSchema,
          body: ReferenceAnswerSchema,
          response: {
            201: Message,
            404: Unknown,
            409: ApiErrorSchema.describe('This address has written the person a reference already.'),
            410: Gone,
          },
        },
      },
      async (request, reply) => {
        const done = usable(await references.answer(request.params.id, request.body))
        if (done === 'exists') throw new HttpError(409, MESSAGES.exists)
        return reply.status(201).send({ message: 'Thank you: your reference is published.' })
      },
    )

    app.patch(
      '/api/references/:id',
      {
        config: { auth: 'signed-in', rateLimit: WRITE_LIMIT },
        schema: {
          params: ReferenceIdParamsSchema,
          body: ReferenceVisibilitySchema,
          response: {
            200: z.object({ hidden: z.boolean() }),
            404: ApiErrorSchema.describe('No reference of the caller has this id.'),
          },
        },
      },
      async (request) => {
        if (!(await references.setHidden(request.user.id, request.params.id, request.body.hidden)))
          throw new HttpError(404, MESSAGES.missing)
        return { hidden: request.body.hidden }
      },
    )
  }
