import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ApiErrorSchema } from '#shared/errors.ts'
import type { Place } from '#shared/place.ts'
import {
  NewSavedSearchSchema,
  SAVED_SEARCHES_MAX,
  SavedSearchChangeSchema,
  SavedSearchParamsSchema,
  SavedSearchResultSchema,
  SeenSavedSearchSchema,
  SavedSearchSchema,
  UnsubscribeQuerySchema,
  UnsubscribeResultSchema,
} from '#shared/saved-searches.ts'
import { HttpError } from '../../plugins/errors.ts'
import { WRITE_LIMIT } from '../listings/index.ts'
import type { SavedSearchesRepository } from './saved-searches-repository.ts'
import { filterColumns } from './saved-searches-repository.ts'
import { readSavedView, searchOfToken } from '../../saved-searches/saved-view.ts'

export const MESSAGES = {
  missing: 'Saved search not found.',
  full: `You can keep at most ${SAVED_SEARCHES_MAX} saved searches; delete one to save another.`,
  badToken: 'This unsubscribe link is not valid.',
}

const NotFound = ApiErrorSchema.describe('No saved search of the caller has this id.')
const Message = z.object({ message: z.string() })

/** Saved searches (docs/api.md, Saved searches): only their owner sees or changes them. */
export const savedSearchRoutes =
  (
    searches: SavedSearchesRepository,
    placeOf: (id: number) => Place | undefined,
    secret: string,
  ): FastifyPluginAsyncZod =>
  async (app) => {
    // RFC 8058: a mail client's one-click unsubscribe posts `List-Unsubscribe=One-Click` as a form.
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 1024 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    )

    app.get(
      '/api/saved-searches',
      {
        config: { auth: 'signed-in' },
        schema: { response: { 200: z.array(SavedSearchSchema) } },
      },
      async (request) => {
        return searches.list(request.user.id)
      },
    )

    app.post(
      '/api/saved-searches',
      {
        config: { auth: 'signed-in', rateLimit: WRITE_LIMIT },
        schema: {
          body: NewSavedSearchSchema,
          response: {
            201: SavedSearchResultSchema,
            409: ApiErrorSchema.describe(`The caller already keeps ${SAVED_SEARCHES_MAX} saved searches.`),
          },
        },
      },
      async (request, reply) => {
        const { query, place, text } = readSavedView(request.body.query, placeOf)
        const created = await searches.create(request.user.id, {
          name: request.body.name,
          query: text,
          alert: request.body.alert,
          filters: filterColumns(query, place),
        })
        if (created === 'full') throw new HttpError(409, MESSAGES.full)
        return reply.status(201).send({ savedSearch: created })
      },
    )

    app.patch(
      '/api/saved-searches/:id',
      {
        config: { auth: 'signed-in', rateLimit: WRITE_LIMIT },
        schema: {
          params: SavedSearchParamsSchema,
          body: SavedSearchChangeSchema,
          response: { 200: SavedSearchResultSchema, 404: NotFound },
        },
      },
      async (request) => {
        const changed = await searches.change(request.user.id, request.params.id, request.body)
        if (!changed) throw new HttpError(404, MESSAGES.missing)
        return { savedSearch: changed }
      },
    )

    app.delete(
      '/api/saved-searches/:id',
      {
        config: { auth: 'signed-in', rateLimit: WRITE_LIMIT },
        schema: { params: SavedSearchParamsSchema, response: { 200: Message, 404: NotFound } },
      },
      async (request) => {
        if (!(await searches.remove(request.user.id, request.params.id)))
          throw new HttpError(404, MESSAGES.missing)
        return { message: 'Saved search deleted.' }
      },
    )

    app.post(
      '/api/saved-searches/:id/seen',
      {
        config: { auth: 'signed-in' },
        schema: {
          params: SavedSearchParamsSchema,
          response: { 200: SeenSavedSearchSchema, 404: NotFound },
        },
      },
      async (request) => {
        const seen = await searches.seen(request.user.id, request.params.id)
        if (!seen) throw new HttpError(404, MESSAGES.missing)
        return seen
      },
    )

    const searchOf = (token: string) => {
      const id = searchOfToken(secret, token)
      if (!id) throw new HttpError(404, MESSAGES.badToken)
      return id
    }
    const BadToken = ApiErrorSchema.describe(
      'The token is not one the site signed, or its search was deleted.',
    )

    // What the unsubscribe page shows before its button is pressed: a GET changes nothing (mail scanners follow
    // links).
    app.get(
      '/api/saved-searches/unsubscribe',
      {
        config: { auth: 'public' },
        schema: {
          querystring: UnsubscribeQuerySchema,
          response: {
            200: z.object({ name: z.string(), alert: SavedSearchSchema.shape.alert }),
            404: BadToken,
          },
        },
      },
      async (request) => {
        const found = await searches.nameOf(searchOf(request.query.token))
        if (!found) throw new HttpError(404, MESSAGES.badToken)
        return found
      },
    )

    // The one-click unsubscribe (RFC 8058): a mail client's POST, cross-site and as a form, carrying no session;
    // the signed token alone says which search (decision 049). Answers 200, never a redirect.
    app.post(
      '/api/saved-searches/unsubscribe',
      {
        config: { auth: 'public', oneClick: true },
        schema: {
          querystring: UnsubscribeQuerySchema,
          body: z.looseObject({}).optional(),
          response: { 200: UnsubscribeResultSchema, 404: BadToken },
        },
      },
      async (request) => {
        const turnedOff = await searches.alertOff(searchOf(request.query.token))
        if (!turnedOff) throw new HttpError(404, MESSAGES.badToken)
        return { name: turnedOff.name, alert: 'off' as const }
      },
    )
  }
