import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { ApiErrorSchema } from '#shared/errors.ts'
import { IdParamsSchema } from '#shared/listing.ts'
import {
  CancelViewingSchema,
  LateSchema,
  NewViewingSchema,
  OutcomeSchema,
  ViewingIdParamsSchema,
  ViewingListQuerySchema,
  ViewingPageSchema,
  ViewingSchema,
  ViewingTimesAnswerSchema,
  ViewingTimesInputSchema,
  ViewingTimesSchema,
} from '#shared/viewings.ts'
import { z } from 'zod'
import { listingViewer } from '../../listings/listing-visibility.ts'
import { HttpError } from '../../plugins/errors.ts'
import { notOwned } from '../../plugins/route-auth.ts'
import type { ViewingTimesRepository } from '../../viewings/viewing-times-repository.ts'
import type { ChangeOutcome, ViewingsRepository } from '../../viewings/viewings-repository.ts'
import { viewingAnswer } from '../../viewings/viewing-row.ts'
import { calendarFile } from '../../viewings/calendar.ts'
import { DETAIL_READ_LIMIT, WRITE_LIMIT } from '../listings/index.ts'
import { BOOKING_REFUSALS, CHANGE_REFUSALS, VIEWING_NOT_FOUND } from './refusals.ts'

const NotFound = ApiErrorSchema.describe('No viewing of the caller has this id.')
const Changed = z.object({ viewing: ViewingSchema })

/** Viewing times and viewings (docs/api.md, Viewings). */
export const viewingRoutes =
  (
    times: ViewingTimesRepository,
    viewings: ViewingsRepository,
    ownerOf: (id: string) => Promise<string | undefined>,
    baseUrl: string,
  ): FastifyPluginAsyncZod =>
  async (app) => {
    app.put(
      '/api/roommate-listings/:id/viewing-times',
      {
        config: {
          auth: {
            owner: {
              ownerOf,
              notFound: 'Listing not found.',
              notYours: 'You can only set viewing times of your own listings.',
            },
          },
          rateLimit: WRITE_LIMIT,
        },
        schema: {
          params: IdParamsSchema,
          body: ViewingTimesInputSchema,
          response: { 200: ViewingTimesSchema },
        },
      },
      async (request) => {
        if (!(await times.write(request.params.id, request.user.id, request.body)))
          throw await notOwned(request)
        return request.body
      },
    )

    app.get(
      '/api/roommate-listings/:id/viewing-times',
      {
        config: { auth: 'signed-in', rateLimit: DETAIL_READ_LIMIT },
        schema: {
          params: IdParamsSchema,
          response: {
            200: ViewingTimesAnswerSchema,
            404: ApiErrorSchema.describe('No listing the caller may read.'),
          },
        },
      },
      async (request) => {
        const answer = await times.read(request.params.id, await listingViewer(app, request.user))
        if (!answer) throw new HttpError(404, 'Listing not found.')
        return answer
      },
    )

    app.post(
      '/api/viewings',
      {
        config: { auth: 'signed-in', rateLimit: WRITE_LIMIT },
        schema: {
          body: NewViewingSchema,
          response: {
            201: Changed,
            403: ApiErrorSchema.describe(
              'Unverified address, no conversation about the listing, the caller’s own listing, or a block.',
            ),
            404: ApiErrorSchema.describe('No listing the caller may read.'),
            409: ApiErrorSchema.describe(
              'The slot is full, or the caller already has an upcoming viewing of it.',
            ),
          },
        },
      },
      async (request, reply) => {
        const viewer = await listingViewer(app, request.user)
        const booked = await viewings.book(viewer, request.body.listingId, Date.parse(request.body.start))
        if (booked.outcome !== 'booked') {
          const [status, message] = BOOKING_REFUSALS[booked.outcome]
          throw new HttpError(status, message)
        }
        const row = await viewings.get(booked.id, request.user.id)
        return reply.status(201).send({ viewing: viewingAnswer(row!) })
      },
    )

    app.get(
      '/api/viewings',
      {
        config: { auth: 'signed-in' },
        schema: { querystring: ViewingListQuerySchema, response: { 200: ViewingPageSchema } },
      },
      async (request) => {
        const page = await viewings.list(request.user.id, request.query)
        return { viewings: page.rows.map(viewingAnswer), nextCursor: page.nextCursor }
      },
    )

    app.get(
      '/api/viewings/:id',
      {
        config: { auth: 'signed-in' },
        schema: { params: ViewingIdParamsSchema, response: { 200: Changed, 404: NotFound } },
      },
      async (request) => {
        const row = await viewings.get(request.params.id, request.user.id)
        if (!row) throw new HttpError(404, VIEWING_NOT_FOUND)
        return { viewing: viewingAnswer(row) }
      },
    )

    app.get(
      '/api/viewings/:id/calendar.ics',
      {
        config: { auth: 'signed-in' },
        schema: {
          params: ViewingIdParamsSchema,
          response: {
            200: z.string().describe('The viewing as an iCalendar file (text/calendar)'),
            404: NotFound,
          },
        },
      },
      async (request, reply) => {
        const row = await viewings.get(request.params.id, request.user.id)
        if (!row) throw new HttpError(404, VIEWING_NOT_FOUND)
        const { method, content } = calendarFile(row, baseUrl)
        return reply
          .type(`text/calendar; charset=utf-8; method=${method}`)
          .header('content-disposition', 'attachment; filename="viewing.ics"')
          .send(content)
      },
    )

    const changeResult = (result: ChangeOutcome, refused: string) => {
      if (result.outcome === 'changed') return { viewing: viewingAnswer(result.row) }
      if (result.outcome === 'missing') throw new HttpError(404, VIEWING_NOT_FOUND)
      if (result.outcome === 'poster-only') throw new HttpError(403, CHANGE_REFUSALS.posterOnly)
      throw new HttpError(409, refused)
    }
    const changeSchema = <Body extends z.ZodType>(body: Body, refused: string) => ({
      params: ViewingIdParamsSchema,
      body,
      response: { 200: Changed, 404: NotFound, 409: ApiErrorSchema.describe(refused) },
    })

    app.post(
      '/api/viewings/:id/cancel',
      {
        config: { auth: 'signed-in', rateLimit: WRITE_LIMIT },
        schema: changeSchema(CancelViewingSchema, CHANGE_REFUSALS.cancel),
      },
      async (request) =>
        changeResult(
          await viewings.cancel(request.params.id, request.user.id, request.body.reason),
          CHANGE_REFUSALS.cancel,
        ),
    )

    app.post(
      '/api/viewings/:id/late',
      {
        config: { auth: 'signed-in', rateLimit: WRITE_LIMIT },
        schema: changeSchema(LateSchema, CHANGE_REFUSALS.late),
      },
      async (request) =>
        changeResult(
          await viewings.late(request.params.id, request.user.id, request.body.minutes),
          CHANGE_REFUSALS.late,
        ),
    )

    app.post(
      '/api/viewings/:id/outcome',
      {
        config: { auth: 'signed-in', rateLimit: WRITE_LIMIT },
        schema: {
          ...changeSchema(OutcomeSchema, CHANGE_REFUSALS.outcome),
          response: {
            ...changeSchema(OutcomeSchema, CHANGE_REFUSALS.outcome).response,
            403: ApiErrorSchema.describe(CHANGE_REFUSALS.posterOnly),
          },
        },
      },
      async (request) =>
        changeResult(
          await viewings.outcome(request.params.id, request.user.id, request.body.outcome),
          CHANGE_REFUSALS.outcome,
        ),
    )
  }
