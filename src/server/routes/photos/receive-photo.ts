import type { FastifyReply, FastifyRequest } from 'fastify'
import { PHOTO_LIMITS } from '#shared/photos.ts'
import { HttpError } from '../../plugins/errors.ts'
import type { PhotoProcessor, PhotoUpload } from '../../photos/photo-processor.ts'
import type { ProcessedPhoto } from '../../photos/process-photo.ts'

/** How long an upload may take to arrive, and how many one person may send at once (docs/decisions/034). */
export type UploadLimits = {
  /** Uploads one person may have on their way at once: arriving, waiting or being processed. */
  perPerson: number
  /** The file must have arrived within this, counted from when its request reaches the route. */
  deadlineMs: number
  /** And it must bring at least `minBytesPerWindow` in every `windowMs`, or it is given up as stalled. */
  windowMs: number
  minBytesPerWindow: number
}

export const UPLOAD_LIMITS: UploadLimits = {
  // The web app sends its photos one after another; a second batch chosen meanwhile makes two.
  perPerson: 2,
  // 15 MB at 0.4 Mbit/s, about the weakest mobile uplink that still works, takes 5 minutes.
  deadlineMs: 5 * 60_000,
  // 32 kB in 30 s (about 9 kbit/s) is far below any connection that would ever bring 15 MB in 5 minutes, and far
  // above a trickle or a body that stopped.
  windowMs: 30_000,
  minBytesPerWindow: 32 * 1024,
}

const MB = PHOTO_LIMITS.maxBytes / (1024 * 1024)
export const TOO_LARGE = `A photo can be at most ${MB} MB.`
// The multipart envelope around the file: boundaries and the part's few headers.
const ENVELOPE_BYTES = 64 * 1024
const ONE_AT_A_TIME = 'Send one photo per request.'

// What @fastify/multipart throws, as the API's own words.
const multipartErrors: Record<string, HttpError> = {
  FST_REQ_FILE_TOO_LARGE: new HttpError(413, TOO_LARGE),
  FST_FILES_LIMIT: new HttpError(413, ONE_AT_A_TIME),
  FST_PARTS_LIMIT: new HttpError(413, ONE_AT_A_TIME),
  FST_FIELDS_LIMIT: new HttpError(400, 'Send only the form field "photo".'),
  FST_INVALID_MULTIPART_CONTENT_TYPE: new HttpError(415, 'Send the photo as multipart/form-data.'),
}
const asHttpError = (error: unknown) =>
  error instanceof HttpError
    ? error
    : (multipartErrors[(error as { code?: string }).code ?? ''] ??
      // busboy's own complaints about a malformed body
      new HttpError(400, 'The upload is not a valid multipart/form-data body.'))

/**
 * Receives photo uploads into the photo process, each within the limits: a body declared larger than a photo
 * can be is a 413 before a byte is read; a person's third upload at once a 429, and one that would pass the photo
 * process's cap on bytes a 503 (both with Retry-After); a body that stalls or takes too long a 408. A refusal
 * before the body has arrived closes the connection, so its unread rest is never read.
 */
export function createPhotoReceiver(processor: PhotoProcessor, limits: UploadLimits) {
  const inFlight = new Map<string, number>()

  function claim(person: string): () => void {
    const count = inFlight.get(person) ?? 0
    if (count >= limits.perPerson)
      throw new HttpError(429, `You are already uploading ${count} photos; wait for one to finish.`, 10)
    inFlight.set(person, count + 1)
    return () => {
      const left = (inFlight.get(person) ?? 1) - 1
      if (left > 0) inFlight.set(person, left)
      else inFlight.delete(person)
    }
  }

  /** Rejects when the body stops arriving fast enough, or takes too long; `received()` counts what came. */
  function watch(received: () => number) {
    let timer: NodeJS.Timeout | undefined
    const started = Date.now()
    let seen = 0
    const stalled = new Promise<never>((_, reject) => {
      timer = setInterval(() => {
        const now = received()
        if (now - seen < limits.minBytesPerWindow)
          reject(new HttpError(408, 'The upload stalled; check your connection and try again.', 5))
        else if (Date.now() - started >= limits.deadlineMs)
          reject(
            new HttpError(
              408,
              'The upload took too long; try again on a faster connection, or a smaller photo.',
              5,
            ),
          )
        seen = now
      }, limits.windowMs)
    })
    return { stalled, stop: () => clearInterval(timer) }
  }

  /** Passes the request's one file, chunk by chunk, to the photo process. */
  async function read(request: FastifyRequest, upload: PhotoUpload, count: (bytes: number) => void) {
    const file = await request.file()
    if (!file || file.fieldname !== 'photo')
      throw new HttpError(400, 'Send the picture in the form field "photo".')
    for await (const chunk of file.file) {
      count((chunk as Buffer).length)
      upload.write(chunk as Buffer)
    }
    // Past the limit the stream ends early, marked truncated: the photo is refused whole.
    if (file.file.truncated) throw new HttpError(413, TOO_LARGE)
  }

  /** The photo the request carries, processed; or the HttpError its sender gets. */
  return async function receive(request: FastifyRequest, reply: FastifyReply): Promise<ProcessedPhoto> {
    let upload: PhotoUpload | undefined
    let release: (() => void) | undefined
    try {
      const declared = Number(request.headers['content-length'])
      if (declared > PHOTO_LIMITS.maxBytes + ENVELOPE_BYTES) throw new HttpError(413, TOO_LARGE)
      release = claim(request.user.id)
      // A body without a declared length (chunked) may bring a whole photo.
      upload = processor.begin(Number.isFinite(declared) ? declared : PHOTO_LIMITS.maxBytes + ENVELOPE_BYTES)
      let received = 0
      const { stalled, stop } = watch(() => received)
      try {
        await Promise.race([read(request, upload, (bytes) => (received += bytes)), stalled])
      } finally {
        stop()
      }
    } catch (error) {
      upload?.cancel()
      release?.()
      reply.header('connection', 'close')
      throw asHttpError(error)
    }
    try {
      return await upload.finish()
    } finally {
      release()
    }
  }
}
