import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { LikedListingSchema, LikerSchema, UnlikeResultSchema } from '../../../shared/likes.ts'
import { IdParamsSchema } from '../../../shared/listing.ts'
import { requireUser } from '../../plugins/auth.ts'
import { HttpError } from '../../plugins/errors.ts'
import type { LikesRepository } from './likes-repository.ts'

// Per person, as the like itself: liking and unliking in a loop must not become a way to load the database. Its
// own counter (groupId), so taking likes back never uses up the budget for giving them.
export const UNLIKE_LIMIT = { max: 30, timeWindow: 60 * 60 * 1000, groupId: ':unlike' }

export const likeRoutes =
  (likes: LikesRepository): FastifyPluginAsyncZod =>
  async (app) => {
    app.delete(
      '/api/listings/:id/like',
      {
        config: { rateLimit: UNLIKE_LIMIT },
        schema: { params: IdParamsSchema, response: { 200: UnlikeResultSchema } },
      },
      async (request) => {
        const user = await requireUser(request)
        const count = await likes.unlike(request.params.id, user.id)
        if (count === undefined) throw new HttpError(404, 'Listing not found.')
        return { likes: count, liked: false as const }
      },
    )

    app.get(
      '/api/my-likes',
      { schema: { response: { 200: z.array(LikedListingSchema) } } },
      async (request, reply) => {
        const user = await requireUser(request)
        const { listings, total } = await likes.likedBy(user.id)
        // What a person liked is theirs alone: no shared or browser cache may keep it.
        reply.header('Cache-Control', 'no-store')
        reply.header('X-Total-Count', String(total))
        return listings
      },
    )

    app.get(
      '/api/my-listings/:id/likers',
      { schema: { params: IdParamsSchema, response: { 200: z.array(LikerSchema) } } },
      async (request, reply) => {
        const user = await requireUser(request)
        const ownerId = await likes.ownerOf(request.params.id)
        if (!ownerId) throw new HttpError(404, 'Listing not found.')
        if (ownerId !== user.id) throw new HttpError(403, 'Only the owner can see who liked a listing.')
        reply.header('Cache-Control', 'no-store')
        return likes.likers(request.params.id)
      },
    )
  }
