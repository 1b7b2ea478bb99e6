import { open } from 'node:fs/promises'
import multipart from '@fastify/multipart'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { IdParamsSchema, ListingPhotoSchema, PhotoOrderSchema, PhotoParamsSchema } from '#shared/listing.ts'
import { PHOTO_LIMITS } from '#shared/photos.ts'
import { HttpError } from '../../plugins/errors.ts'
import { notOwned, type RouteAuth } from '../../plugins/route-auth.ts'
import type { PhotoStore } from '../../photos/photo-store.ts'
import { createPhotoProcessor, type PhotoProcessorOptions } from '../../photos/photo-processor.ts'
import type { PhotosRepository } from './photos-repository.ts'
import { createPhotoReceiver, UPLOAD_LIMITS, type UploadLimits } from './receive-photo.ts'

const HOUR = 60 * 60 * 1000
// Per person: processing a photo costs far more than any other write.
export const PHOTO_UPLOAD_LIMIT = {
  max: PHOTO_LIMITS.uploadsPerHour,
  timeWindow: HOUR,
  groupId: ':photo-upload',
}
export const PHOTO_EDIT_LIMIT = { max: 300, timeWindow: HOUR, groupId: ':photo-edit' }

const FULL = `A listing has at most ${PHOTO_LIMITS.perListing} photos; delete one to add another.`
const LISTING_NOT_FOUND = 'Listing not found.'
const NOT_YOURS = 'You can only change the photos of your own listings.'

export type PhotoRoutesDeps = {
  photos: PhotosRepository
  store: PhotoStore
  ownerOf: (listingId: string) => Promise<string | undefined>
  /** Tests make the limits small enough to reach. */
  limits?: Partial<UploadLimits & Omit<PhotoProcessorOptions, 'onFailure'>>
}

/** Adding, ordering and deleting a listing's photos, and serving their files (docs/api.md, Photos). */
export const photoRoutes =
  ({ photos, store, ownerOf, limits = {} }: PhotoRoutesDeps): FastifyPluginAsyncZod =>
  async (app) => {
    // Only this plugin's routes read multipart bodies; everywhere else a write is JSON.
    await app.register(multipart, {
      limits: { fileSize: PHOTO_LIMITS.maxBytes, files: 1, fields: 0, parts: 1, headerPairs: 20 },
    })
    const processor = createPhotoProcessor({ ...limits, onFailure: (message) => app.log.error(message) })
    const receive = createPhotoReceiver(processor, { ...UPLOAD_LIMITS, ...limits })
    // A listening server has it ready before the first upload; one answering injected requests (tests) starts it
    // when a photo comes.
    app.addHook('onListen', async () => processor.warm())
    app.addHook('onClose', () => processor.close())
    const ownListing: RouteAuth = { owner: { ownerOf, notFound: LISTING_NOT_FOUND, notYours: NOT_YOURS } }

    app.post(
      '/api/roommate-listings/:id/photos',
      {
        config: { auth: ownListing, rateLimit: PHOTO_UPLOAD_LIMIT, upload: true },
        schema: {
          params: IdParamsSchema,
          response: {
            200: z.object({ photo: ListingPhotoSchema }),
            201: z.object({ photo: ListingPhotoSchema }),
          },
        },
      },
      async (request, reply) => {
        const listingId = request.params.id
        const me = request.user.id
        // Refuse before reading a byte of the file; the write below checks all of it again, atomically.
        const target = await photos.target(listingId)
        if (!target) throw new HttpError(404, LISTING_NOT_FOUND)
        if (target.ownerId !== me) throw new HttpError(403, NOT_YOURS)
        if (target.photos >= PHOTO_LIMITS.perListing) throw new HttpError(400, FULL)

        // Each chunk goes on to the photo process as it arrives: this process holds no upload whole
        // (docs/decisions/028), and no upload takes longer or holds more than its limits (decision 034).
        const photo = await receive(request, reply)
        // Files first, then the row: a crash in between leaves files without a row (swept later), never a row
        // without files.
        await store.write(listingId, photo)
        const added = await photos.add(listingId, me, photo)
        if (added.outcome === 'not-owned' || added.outcome === 'full') {
          await store.remove(listingId, photo.key)
          if (added.outcome === 'full') throw new HttpError(400, FULL)
          throw await notOwned(request)
        }
        // The same picture again is the photo already there.
        return reply.status(added.outcome === 'added' ? 201 : 200).send({ photo: added.photo })
      },
    )

    app.put(
      '/api/roommate-listings/:id/photos',
      {
        config: { auth: ownListing, rateLimit: PHOTO_EDIT_LIMIT },
        schema: {
          params: IdParamsSchema,
          body: PhotoOrderSchema,
          response: { 200: z.object({ photos: z.array(ListingPhotoSchema) }) },
        },
      },
      async (request) => {
        const ordered = await photos.reorder(request.params.id, request.user.id, request.body.order)
        if (ordered === undefined) throw await notOwned(request)
        if (ordered === 'mismatch')
          throw new HttpError(400, "order must name each of the listing's photos exactly once.")
        return { photos: ordered }
      },
    )

    app.delete(
      '/api/roommate-listings/:id/photos/:photoId',
      {
        config: { auth: ownListing, rateLimit: PHOTO_EDIT_LIMIT },
        schema: { params: PhotoParamsSchema, response: { 200: z.object({ message: z.string() }) } },
      },
      async (request) => {
        const { id, photoId } = request.params
        const key = await photos.remove(id, photoId, request.user.id)
        if (key === undefined) {
          if ((await ownerOf(id)) === request.user.id) throw new HttpError(404, 'Photo not found.')
          throw await notOwned(request)
        }
        // The row is gone first: a crash now leaves files without a row, which the sweep removes.
        await store.remove(id, key)
        return { message: 'Photo deleted successfully' }
      },
    )

    // The files themselves: a name never changes its content, so browsers keep them for a year. They are the
    // photos every visitor sees, and an alert mail shows them in mail clients on other origins: the one resource
    // that answers `Cross-Origin-Resource-Policy: cross-origin` instead of helmet's same-origin (plugins/security.ts).
    app.get(
      '/photos/:listingId/:file',
      {
        config: { auth: 'public' },
        schema: { params: z.object({ listingId: z.string().max(40), file: z.string().max(60) }) },
      },
      async (request, reply) => {
        const path = store.fileFor(request.params.listingId, request.params.file)
        const handle = path ? await open(path, 'r').catch(() => undefined) : undefined
        if (!handle) return reply.status(404).send({ error: 'Photo not found.' })
        const { size } = await handle.stat()
        return reply
          .header('Content-Type', 'image/webp')
          .header('Content-Length', size)
          .header('Cache-Control', 'public, max-age=31536000, immutable')
          .header('Cross-Origin-Resource-Policy', 'cross-origin')
          .send(handle.createReadStream())
      },
    )
  }
