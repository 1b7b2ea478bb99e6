import { PHOTO_LIMITS, PHOTO_TYPES } from '#shared/photos.ts'

export type FileLike = Pick<File, 'name' | 'size' | 'type'>
export type Refusal = { name: string; reason: string }

const MB = PHOTO_LIMITS.maxBytes / (1024 * 1024)

/**
 * Which of the chosen files to send, and why the others aren't sent: the server's own limits, checked first so
 * nobody waits for a 15 MB upload to be refused. The server still reads each file's real type from its content.
 */
export function checkFiles<F extends FileLike>(files: F[], alreadyThere: number) {
  const accepted: F[] = []
  const refused: Refusal[] = []
  for (const file of files) {
    if (!(PHOTO_TYPES as readonly string[]).includes(file.type))
      refused.push({ name: file.name, reason: 'is not a JPEG, PNG, WebP or AVIF picture.' })
    else if (file.size > PHOTO_LIMITS.maxBytes)
      refused.push({ name: file.name, reason: `is larger than ${MB} MB.` })
    else if (alreadyThere + accepted.length >= PHOTO_LIMITS.perListing)
      refused.push({
        name: file.name,
        reason: `was not added: a listing has at most ${PHOTO_LIMITS.perListing} photos.`,
      })
    else accepted.push(file)
  }
  return { accepted, refused }
}
