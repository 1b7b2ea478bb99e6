import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ApiErrorSchema } from '#shared/errors.ts'
import { LikedListingSchema, LikerSchema, UnlikeResultSchema } from '#shared/likes.ts'
import { IdParamsSchema, LikeResultSchema } from '#shared/listing.ts'
import { HttpError } from '../../plugins/errors.ts'
import { notOwned, type RouteAuth } from '../../plugins/route-auth.ts'
import { listingViewer } from '../../listings/listing-visibility.ts'
import type { LikesRepository } from './likes-repository.ts'

// Per person, so a single account can't harvest phone numbers by liking everything.
export const LIKE_LIMIT = { max: 30, timeWindow: 60 * 60 * 1000, groupId: ':like' }
// Likewise: liking and unliking in a loop must not become a way to load the database. Its own counter (groupId), so
// taking likes back never uses up the budget for giving them.
export const UNLIKE_LIMIT = { max: 30, timeWindow: 60 * 60 * 1000, groupId: ':unlike' }

export const likeRoutes =
  (likes: LikesRepository): FastifyPluginAsyncZod =>
  async (app) => {
    const ownListing: RouteAuth = {
      owner: {
        ownerOf: (id) => likes.ownerOf(id),
        notFound: 'Listing not found.',
        notYours: 'Only the owner can see who liked a listing.',
      },
    }

    app.patch(
      '/api/listings/:id/like',
      {
        config: { auth: 'signed-in', rateLimit: LIKE_LIMIT },
        schema: {
          params: IdParamsSchema,
          response: { 200: LikeResultSchema, 403: ApiErrorSchema.describe("The caller's own listing.") },
        },
      },
      async (request) => {
        // The statement itself refuses the owner and a missing listing (no read before the write).
        const like = await likes.like(request.params.id, await listingViewer(app, request.user))
        if (like.outcome === 'missing') throw new HttpError(404, 'Listing not found.')
        if (like.outcome === 'own') throw new HttpError(403, "You can't like your own post")
        const { number, userEmail } = like.contacts ?? {}
        return {
          likes: like.likes,
          liked: true as const,
          ...(number ? { number } : {}),
          ...(userEmail ? { userEmail } : {}),
        }
      },
    )

    app.delete(
      '/api/listings/:id/like',
      {
        config: { auth: 'signed-in', rateLimit: UNLIKE_LIMIT },
        schema: { params: IdParamsSchema, response: { 200: UnlikeResultSchema } },
      },
      async (request) => {
        const count = await likes.unlike(request.params.id, await listingViewer(app, request.user))
        if (count === undefined) throw new HttpError(404, 'Listing not found.')
        return { likes: count, liked: false as const }
      },
    )

    app.get(
      '/api/my-likes',
      { config: { auth: 'signed-in' }, schema: { response: { 200: z.array(LikedListingSchema) } } },
      async (request, reply) => {
        const { listings, total } = await likes.likedBy(await listingViewer(app, request.user))
        // What a person liked is theirs alone: no shared or browser cache may keep it.
        reply.header('X-Total-Count', String(total))
        return listings
      },
    )

    app.get(
      '/api/my-listings/:id/likers',
      {
        config: { auth: ownListing },
        schema: { params: IdParamsSchema, response: { 200: z.array(LikerSchema) } },
      },
      async (request) => {
        // A read, so the owner is checked before it rather than by the statement itself.
        if ((await likes.ownerOf(request.params.id)) !== request.user.id) throw await notOwned(request)
        return likes.likers(request.params.id, request.user.id)
      },
    )
  }
