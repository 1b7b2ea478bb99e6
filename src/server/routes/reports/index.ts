import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { ApiErrorSchema } from '#shared/errors.ts'
import {
  NewReportResultSchema,
  NewReportSchema,
  REPORTS_PER_HOUR,
  type ReportTargetKind,
} from '#shared/reports.ts'
import { HttpError } from '../../plugins/errors.ts'
import type { ReportsRepository } from './reports-repository.ts'

// Per person: reporting is cheap to do and costs a moderator's time to read.
export const REPORT_LIMIT = { max: 30, timeWindow: 60 * 60 * 1000, groupId: ':report' }

const MISSING: Record<ReportTargetKind, string> = {
  message: 'Message not found.',
  listing: 'Listing not found.',
  user: 'Person not found.',
  seeker_ad: 'Ad not found.',
  reference: 'Reference not found.',
  review: 'Review not found.',
}
const OWN: Record<ReportTargetKind, string> = {
  message: "You can't report your own message.",
  listing: "You can't report your own listing.",
  user: "You can't report yourself.",
  seeker_ad: "You can't report your own ad.",
  reference: 'A reference about you can be hidden from your profile instead.',
  review: "You can't report your own review.",
}

/**
 * `POST /api/reports`: a report of a listing, a room-wanted ad, a person (by id, or through the listing, ad or
 * conversation that shows them), a reference or review a profile shows, or a message of one's own conversation.
 */
export const reportRoutes =
  (reports: ReportsRepository): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/reports',
      {
        config: { auth: 'signed-in', rateLimit: REPORT_LIMIT },
        schema: {
          body: NewReportSchema,
          response: {
            201: NewReportResultSchema,
            400: ApiErrorSchema.describe(
              "The caller's own listing, ad, message, review or self, or a reference about the caller.",
            ),
            403: ApiErrorSchema.describe(
              'A message, or a person through a conversation, the caller is not in.',
            ),
            404: ApiErrorSchema.describe(
              'No such listing, ad, person or message, or no reference or review shown with this id.',
            ),
            409: ApiErrorSchema.describe('The caller reported it already, and the report is open.'),
            429: ApiErrorSchema.describe(
              `The caller (or their mailbox) filed ${REPORTS_PER_HOUR} reports in the last hour.`,
            ),
          },
        },
      },
      async (request, reply) => {
        const kind = request.body.targetKind
        const filed = await reports.file(request.user.id, request.body)
        switch (filed.outcome) {
          case 'missing':
            throw new HttpError(404, MISSING[kind])
          case 'not-member':
            throw new HttpError(
              403,
              kind === 'message'
                ? 'You can only report messages in your own conversations.'
                : 'You can only report people in your own conversations.',
            )
          case 'own':
            throw new HttpError(400, OWN[kind])
          case 'already':
            throw new HttpError(409, 'You have already reported this; a moderator will look at it.')
          case 'limited':
            throw new HttpError(
              429,
              `You have sent ${REPORTS_PER_HOUR} reports in the last hour; try again later.`,
            )
        }
        return reply.status(201).send({ reportId: filed.reportId })
      },
    )
  }
