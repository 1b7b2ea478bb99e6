import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  BrowseQuerySchema,
  BrowseSummarySchema,
  ConfirmedSchema,
  FeaturedListingSchema,
  IdParamsSchema,
  ListingDetailSchema,
  NewListingSchema,
} from '#shared/listing.ts'
import { ApiErrorSchema } from '#shared/errors.ts'
import { MyListingSchema } from '#shared/reports.ts'
import type { Place } from '#shared/place.ts'
import type { Gazetteer } from '../../places/gazetteer.ts'
import { compareProfiles } from '#shared/match.ts'
import { HttpError } from '../../plugins/errors.ts'
import type { LivingProfileRepository } from '../living-profile/living-profile-repository.ts'
import { notOwned, type RouteAuth } from '../../plugins/route-auth.ts'
import type { PhotoStore } from '../../photos/photo-store.ts'
import { photoView } from '../photos/photos-repository.ts'
import { BROWSE_REFUSALS, browseRefusal } from '../../listings/browse-refusals.ts'
import { decodeCursor, encodeCursor } from './cursor.ts'
import { pinOf } from './pin.ts'
import { precompiledSerializer } from '../../plugins/json-serializer.ts'
import type { ListingsRepository } from './listings-repository.ts'
import { listingViewer } from '../../listings/listing-visibility.ts'

// Per person, so a single account can't flood the site. groupId keeps each limit's counter apart (the key is the
// person's id in all of them).
export const WRITE_LIMIT = { max: 60, timeWindow: 60 * 60 * 1000, groupId: ':write' }
// Details carry contacts once liked; reading every listing one by one is what a harvester does, not a person.
export const DETAIL_READ_LIMIT = { max: 300, timeWindow: 60 * 60 * 1000, groupId: ':detail-read' }

const Message = z.object({ message: z.string() })

const NO_MATCH_SORT = (isSignedIn: boolean) =>
  isSignedIn
    ? 'Sorting by best match needs your living profile: fill it in on the Living profile page first.'
    : 'Sorting by best match needs you signed in with a living profile; sort by rent or newest instead.'

export const listingRoutes =
  (
    listings: ListingsRepository,
    gazetteer: Pick<Gazetteer, 'find'>,
    profiles: LivingProfileRepository,
    { photoStore }: { photoStore: PhotoStore },
  ): FastifyPluginAsyncZod =>
  async (app) => {
    /** The gazetteer entry of a place id a client sent; an id it doesn't hold is the client's mistake (400). */
    const placeOf = (id: number | undefined): Place | undefined => {
      if (id === undefined) return undefined
      const place = gazetteer.find(id)
      if (!place) throw new HttpError(400, BROWSE_REFUSALS.unknownPlace)
      return place
    }

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
        schema: { querystring: BrowseQuerySchema, response: { 200: z.array(BrowseSummarySchema) } },
        serializerCompiler: precompiledSerializer,
      },
      async (request, reply) => {
        const query = request.query
        const cursor = query.cursor ? decodeCursor(query.cursor, query.sort) : null
        if (query.cursor && !cursor) throw new HttpError(400, 'Malformed cursor.')
        const refusal = browseRefusal(query)
        if (refusal) throw new HttpError(400, refusal)
        // An anonymous caller (no cookie) pays nothing here: no session lookup, no profile read, no join.
        const user = request.headers.cookie ? await request.sessionUser() : null
        const codes = user ? await profiles.codes(user.id) : undefined
        if (query.sort === 'match' && !codes) throw new HttpError(400, NO_MATCH_SORT(user !== null))
        const page = await listings.browse(
          query,
          cursor,
          placeOf(query.near),
          user && codes ? { id: user.id, codes } : undefined,
        )
        if (user) reply.header('Cache-Control', 'no-store')
        // Tells the page whether scores are in the answer, or the caller could have them by filling a profile.
        if (user) reply.header('X-Living-Profile', codes ? 'scored' : 'missing')
        reply.header('X-Total-Count', String(page.total))
        if (query.q && page.total === 0) {
          const suggestion = await listings.suggestion(query.q)
          // Percent-encoded: a header carries only Latin-1, and places are named in every script.
          if (suggestion) reply.header('X-Did-You-Mean', encodeURIComponent(suggestion))
        }
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
      async (request) => {
        const row = await listings.details(request.params.id, await listingViewer(app, request.user))
        if (!row) throw new HttpError(404, 'Listing not found.')
        const {
          ownerId,
          likedByMe,
          contactsShown,
          number,
          userEmail,
          photoRows,
          viewerProfile,
          posterProfile,
          ...fields
        } = row
        const isOwner = ownerId === request.user.id
        // The phone number and the e-mail leave the server only for the owner and for people who liked the listing
        // (and whom no block parts from its owner).
        const contacts = contactsShown ? { number, userEmail } : {}
        const match =
          viewerProfile && posterProfile && !isOwner ? compareProfiles(viewerProfile, posterProfile) : null
        return {
          ...fields,
          ...contacts,
          ownerId,
          likedByMe,
          isOwner,
          match,
          hasLivingProfile: viewerProfile !== null,
          photos: photoRows.map((photo) => photoView(request.params.id, photo)),
        }
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
        const { body } = request
        const place = placeOf(body.placeId)
        const insertedId = await listings.create(
          request.user.id,
          body,
          place,
          pinOf(place, body.lat, body.lon),
        )
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
        const { body } = request
        const place = placeOf(body.placeId)
        const pin = pinOf(place, body.lat, body.lon)
        if (!(await listings.update(request.params.id, request.user.id, body, place, pin)))
          throw await notOwned(request)
        return { message: 'Listing updated successfully' }
      },
    )

    app.post(
      '/api/roommate-listings/:id/confirm',
      {
        config: { auth: ownListing('confirm'), rateLimit: WRITE_LIMIT },
        schema: { params: IdParamsSchema, response: { 200: ConfirmedSchema } },
      },
      async (request) => {
        const confirmedAt = await listings.confirm(request.params.id, request.user.id)
        if (!confirmedAt) throw await notOwned(request)
        return { confirmedAt }
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

    app.get(
      '/api/my-listings',
      {
        config: { auth: 'signed-in' },
        schema: {
          querystring: z.object({ email: z.string().max(254).optional() }),
          response: {
            200: z.array(MyListingSchema),
            403: ApiErrorSchema.describe("`email` is not the caller's."),
          },
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
