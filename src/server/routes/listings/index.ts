import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  BrowseQuerySchema,
  FeaturedListingSchema,
  IdParamsSchema,
  LikeResultSchema,
  ListingDetailSchema,
  ListingSchema,
  ListingSummarySchema,
  NewListingSchema,
} from '#shared/listing.ts'
import { HttpError } from '../../plugins/errors.ts'
import { notOwned, type RouteAuth } from '../../plugins/route-auth.ts'
import type { PhotoStore } from '../../photos/photo-store.ts'
import type { PhotosRepository } from '../photos/photos-repository.ts'
import { decodeCursor, encodeCursor } from './cursor.ts'
import { precompiledSerializer } from './json-serializer.ts'
import type { ListingsRepository } from './listings-repository.ts'

// Per person, so a single account can't flood the site or harvest phone numbers by liking everything.
// groupId keeps the two counters apart (the key is the person's id in both).
export const WRITE_LIMIT = { max: 60, timeWindow: 60 * 60 * 1000, groupId: ':write' }
export const LIKE_LIMIT = { max: 30, timeWindow: 60 * 60 * 1000, groupId: ':like' }
// Details carry contacts once liked; reading every listing one by one is what a harvester does, not a person.
export const DETAIL_READ_LIMIT = { max: 300, timeWindow: 60 * 60 * 1000, groupId: ':detail-read' }

const Message = z.object({ message: z.string() })

export const listingRoutes =
  (
    listings: ListingsRepository,
    { photos, photoStore }: { photos: PhotosRepository; photoStore: PhotoStore },
  ): FastifyPluginAsyncZod =>
  async (app) => {
    const ownListing = (action: string): RouteAuth => ({
      owner: {
        ownerOf: listings.ownerOf,
        notFound: 'Listing not found.',
        notYours: `You can only ${action} your own listings.`,
      },
    })

    app.get(
      '/api/featured-roommates',
      {
        config: { auth: 'public' },
        schema: { response: { 200: z.array(FeaturedListingSchema) } },
        serializerCompiler: precompiledSerializer,
      },
      async () => listings.featured(),
    )

    app.get(
      '/api/roommate-listings',
      {
        config: { auth: 'public' },
        schema: { querystring: BrowseQuerySchema, response: { 200: z.array(ListingSummarySchema) } },
        serializerCompiler: precompiledSerializer,
      },
      async (request, reply) => {
        const query = request.query
        const cursor = query.cursor ? decodeCursor(query.cursor, query.sort) : null
        if (query.cursor && !cursor) throw new HttpError(400, 'Malformed cursor.')
        const page = await listings.browse(query, cursor)
        reply.header('X-Total-Count', String(page.total))
        if (page.next) {
          // The next page keeps every filter the client sent and swaps in the new cursor.
          const next = new URL(request.url, 'http://nestmate.invalid').searchParams
          next.set('cursor', encodeCursor(page.next))
          reply.header('Link', `</api/roommate-listings?${next}>; rel="next"`)
        }
        return page.listings
      },
    )

    app.get(
      '/api/roommate-listings/:id',
      {
        config: { auth: 'signed-in', rateLimit: DETAIL_READ_LIMIT },
        schema: { params: IdParamsSchema, response: { 200: ListingDetailSchema } },
        serializerCompiler: precompiledSerializer,
      },
      async (request, reply) => {
        const [row, photoList] = await Promise.all([
          listings.find(request.params.id, request.user.id),
          photos.list(request.params.id),
        ])
        if (!row) throw new HttpError(404, 'Listing not found.')
        const { ownerId, likedByMe, number, userEmail, ...fields } = row
        const isOwner = ownerId === request.user.id
        reply.header('Cache-Control', 'no-store')
        // The phone number and the e-mail leave the server only for the owner and for people who liked the listing.
        const contacts = isOwner || likedByMe ? { number, userEmail } : {}
        return { ...fields, ...contacts, likedByMe, isOwner, photos: photoList }
      },
    )

    app.post(
      '/api/roommate-listings',
      {
        config: { auth: 'signed-in', rateLimit: WRITE_LIMIT },
        schema: {
          body: NewListingSchema,
          response: { 201: z.object({ success: z.literal(true), insertedId: z.string() }) },
        },
      },
      async (request, reply) => {
        const insertedId = await listings.create(request.user.id, request.body)
        return reply.status(201).send({ success: true, insertedId })
      },
    )

    app.put(
      '/api/roommate-listings/:id',
      {
        config: { auth: ownListing('change'), rateLimit: WRITE_LIMIT },
        schema: { params: IdParamsSchema, body: NewListingSchema, response: { 200: Message } },
      },
      async (request) => {
        if (!(await listings.update(request.params.id, request.user.id, request.body)))
          throw await notOwned(request)
        return { message: 'Listing updated successfully' }
      },
    )

    app.delete(
      '/api/roommate-listings/:id',
      {
        config: { auth: ownListing('delete'), rateLimit: WRITE_LIMIT },
        schema: { params: IdParamsSchema, response: { 200: Message } },
      },
      async (request) => {
        if (!(await listings.remove(request.params.id, request.user.id))) throw await notOwned(request)
        // Its photo rows went with it; their files follow (a crash in between leaves them to the sweep).
        await photoStore.removeListing(request.params.id)
        return { message: 'Listing deleted successfully' }
      },
    )

    app.patch(
      '/api/listings/:id/like',
      {
        config: { auth: 'signed-in', rateLimit: LIKE_LIMIT },
        schema: { params: IdParamsSchema, response: { 200: LikeResultSchema } },
      },
      async (request) => {
        // The statement itself refuses the owner and a missing listing (no read before the write).
        const like = await listings.like(request.params.id, request.user.id)
        if (like.outcome === 'missing') throw new HttpError(404, 'Listing not found.')
        if (like.outcome === 'own') throw new HttpError(403, "You can't like your own post")
        const { likes, number, userEmail } = like
        return { likes, liked: true as const, ...(number ? { number } : {}), userEmail }
      },
    )

    app.get(
      '/api/my-listings',
      {
        config: { auth: 'signed-in' },
        schema: {
          querystring: z.object({ email: z.string().max(254).optional() }),
          response: { 200: z.array(ListingSchema) },
        },
      },
      async (request) => {
        const email = request.query.email?.trim().toLowerCase()
        if (email && email !== request.user.email.toLowerCase())
          throw new HttpError(403, 'You can only list your own listings.')
        return listings.owned(request.user.id)
      },
    )
  }
