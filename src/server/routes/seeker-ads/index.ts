import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ApiErrorSchema } from '#shared/errors.ts'
import { IdParamsSchema } from '#shared/listing.ts'
import { compareProfiles } from '#shared/match.ts'
import type { Place } from '#shared/place.ts'
import {
  ListingSeekersQuerySchema,
  MySeekerAdSchema,
  NewSeekerAdSchema,
  SeekerAdDetailSchema,
  SeekerAdIdParamsSchema,
  SeekerAdQuerySchema,
  SeekerAdSchema,
  SeekerAdSummarySchema,
} from '#shared/seeker-ad.ts'
import type { Gazetteer } from '../../places/gazetteer.ts'
import { HttpError } from '../../plugins/errors.ts'
import { precompiledSerializer } from '../../plugins/json-serializer.ts'
import type { ListingsRepository } from '../listings/listings-repository.ts'
import { DETAIL_READ_LIMIT, WRITE_LIMIT } from '../listings/index.ts'
import type { LivingProfileRepository } from '../living-profile/living-profile-repository.ts'
import { decodeSeekerCursor, encodeSeekerCursor, type SeekerAdCursor } from './seeker-ad-cursor.ts'
import type { SeekerAdsRepository } from './seeker-ads-repository.ts'

// Rooms wanted (docs/api.md, docs/architecture.md §3.7): a person's own ad, the public list, an ad's details and
// a listing's fitting seekers for its poster.

const NO_AD = 'You have no room-wanted ad yet.'
const AD_NOT_FOUND = 'Ad not found.'
const NO_MATCH_SORT = (isSignedIn: boolean) =>
  isSignedIn
    ? 'Sorting by best match needs your living profile: fill it in on the Living profile page first.'
    : 'Sorting by best match needs you signed in with a living profile; sort by newest or budget instead.'

/** The answer's own shape: the owner's id stays on the server. */
const withoutOwner = <T extends { ownerId: string }>({ ownerId: _owner, ...ad }: T) => ad

export const seekerAdRoutes =
  (
    ads: SeekerAdsRepository,
    gazetteer: Pick<Gazetteer, 'find'>,
    profiles: LivingProfileRepository,
    listings: Pick<ListingsRepository, 'ownerOf'>,
  ): FastifyPluginAsyncZod =>
  async (app) => {
    const placeOf = (id: number): Place => {
      const place = gazetteer.find(id)
      if (!place) throw new HttpError(400, 'Unknown place.')
      return place
    }
    const cursorOf = (raw: string | undefined, sort: 'newest' | 'budget_desc' | 'match') => {
      if (!raw) return null
      const cursor = decodeSeekerCursor(raw, sort)
      if (!cursor) throw new HttpError(400, 'Malformed cursor.')
      return cursor
    }
    /** Total and next-page headers, keeping every parameter the client sent. */
    const page = (
      reply: { header: (name: string, value: string) => unknown },
      url: string,
      total: number,
      next: SeekerAdCursor | null,
    ) => {
      reply.header('X-Total-Count', String(total))
      if (!next) return
      const address = new URL(url, 'http://nestmate.invalid')
      address.searchParams.set('cursor', encodeSeekerCursor(next))
      reply.header('Link', `<${address.pathname}?${address.searchParams}>; rel="next"`)
    }

    app.get(
      '/api/seeker-ad',
      {
        config: { auth: 'signed-in' },
        schema: { response: { 200: MySeekerAdSchema, 404: ApiErrorSchema.describe('No ad yet.') } },
      },
      async (request) => {
        const ad = await ads.ownView(request.user.id)
        if (!ad) throw new HttpError(404, NO_AD)
        return withoutOwner(ad)
      },
    )

    app.put(
      '/api/seeker-ad',
      {
        config: { auth: 'signed-in', rateLimit: WRITE_LIMIT },
        schema: {
          body: NewSeekerAdSchema,
          response: {
            200: z.object({ seekerAd: SeekerAdSchema }),
            201: z.object({ seekerAd: SeekerAdSchema }),
          },
        },
      },
      async (request, reply) => {
        const places = request.body.areas.map((area) => placeOf(area.placeId))
        const isCreated = await ads.put(request.user.id, request.body, places)
        const ad = await ads.byOwner(request.user.id)
        return reply.status(isCreated ? 201 : 200).send({ seekerAd: withoutOwner(ad!) })
      },
    )

    app.delete(
      '/api/seeker-ad',
      {
        config: { auth: 'signed-in', rateLimit: WRITE_LIMIT },
        schema: {
          response: { 200: z.object({ message: z.string() }), 404: ApiErrorSchema.describe('No ad.') },
        },
      },
      async (request) => {
        if (!(await ads.remove(request.user.id))) throw new HttpError(404, NO_AD)
        return { message: 'Ad deleted.' }
      },
    )

    app.get(
      '/api/seeker-ads',
      {
        config: { auth: 'public' },
        schema: { querystring: SeekerAdQuerySchema, response: { 200: z.array(SeekerAdSummarySchema) } },
        serializerCompiler: precompiledSerializer,
      },
      async (request, reply) => {
        const { query } = request
        const cursor = cursorOf(query.cursor, query.sort)
        // An anonymous caller (no cookie) pays nothing for scores: no session lookup, no profile read.
        const user = request.headers.cookie ? await request.sessionUser() : null
        const codes = user ? await profiles.codes(user.id) : undefined
        if (query.sort === 'match' && !codes) throw new HttpError(400, NO_MATCH_SORT(user !== null))
        const near = query.near === undefined ? undefined : placeOf(query.near)
        const result = await ads.browse(query, cursor, near, user ? { id: user.id, codes } : undefined)
        if (user) reply.header('X-Living-Profile', codes ? 'scored' : 'missing')
        page(reply, request.url, result.total, result.next)
        return result.ads
      },
    )

    app.get(
      '/api/seeker-ads/:id',
      {
        config: { auth: 'signed-in', rateLimit: DETAIL_READ_LIMIT },
        schema: { params: SeekerAdIdParamsSchema, response: { 200: SeekerAdDetailSchema } },
      },
      async (request) => {
        const ad = await ads.byId(request.params.id)
        const isOwner = ad?.ownerId === request.user.id
        // A paused ad is its owner's alone, and a hidden one its owner's and the moderators': to anyone else it
        // doesn't exist.
        const isHiddenFromViewer = ad?.hiddenReason != null && !(await app.isModerator(request.user))
        if (!ad || (!isOwner && (ad.status !== 'active' || isHiddenFromViewer)))
          throw new HttpError(404, AD_NOT_FOUND)
        const [viewerProfile, seekerProfile] = await Promise.all([
          profiles.get(request.user.id),
          isOwner ? undefined : profiles.get(ad.ownerId),
        ])
        return {
          ...ad,
          isOwner,
          match: viewerProfile && seekerProfile ? compareProfiles(viewerProfile, seekerProfile) : null,
          hasLivingProfile: viewerProfile !== undefined,
        }
      },
    )

    app.get(
      '/api/roommate-listings/:id/seekers',
      {
        config: {
          auth: {
            owner: {
              ownerOf: listings.ownerOf,
              notFound: 'Listing not found.',
              notYours: "Only a listing's poster sees the people looking near it.",
            },
          },
        },
        schema: {
          params: IdParamsSchema,
          querystring: ListingSeekersQuerySchema,
          response: {
            200: z.array(SeekerAdSummarySchema),
            400: ApiErrorSchema.describe('The listing has no place to look near.'),
          },
        },
        serializerCompiler: precompiledSerializer,
      },
      async (request, reply) => {
        const cursor = cursorOf(request.query.cursor, 'match')
        const target = await ads.listingForFit(request.params.id)
        if (!target) throw new HttpError(404, 'Listing not found.')
        if (target.ownerId !== request.user.id)
          throw new HttpError(403, "Only a listing's poster sees the people looking near it.")
        if (target.lat === null || target.lon === null)
          throw new HttpError(
            400,
            'This listing has no place: choose its town first to see who is looking near it.',
          )
        // The caller is the poster, so the listing's read brought their answers too.
        const codes = target.ownerCodes
        const result = await ads.fitting(
          request.params.id,
          {
            lat: target.lat,
            lon: target.lon,
            rent: target.rent,
            roomType: target.roomType,
            availableFrom: target.availableFrom,
          },
          request.query.limit,
          cursor,
          { id: request.user.id, codes },
        )
        page(reply, request.url, result.total, result.next)
        return result.ads
      },
    )
  }
