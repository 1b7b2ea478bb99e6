import { API } from '#shared/api.ts'
import type { ListingPhoto } from '#shared/listing.ts'
import { api, ApiRequestError } from '../../lib/api.ts'

export type Upload = { done: Promise<ListingPhoto>; abort: () => void }

/**
 * Sends one file as the form field `photo`, reporting progress (0 to 1) as its bytes leave: XMLHttpRequest, as
 * fetch can't tell upload progress. Resolves with the stored photo; rejects with the server's ApiRequestError.
 */
export function uploadPhoto(listingId: string, file: File, onProgress: (sent: number) => void): Upload {
  const request = new XMLHttpRequest()
  const done = new Promise<ListingPhoto>((resolve, reject) => {
    request.open('POST', API.photos(listingId))
    request.responseType = 'json'
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total)
    }
    request.onload = () => {
      const body = request.response as { photo?: ListingPhoto; error?: string } | null
      if (request.status >= 200 && request.status < 300 && body?.photo) return resolve(body.photo)
      const message =
        body?.error ??
        (request.status === 413 ? 'This file is too large.' : `Upload failed (${request.status}).`)
      reject(new ApiRequestError(request.status, { error: message }))
    }
    request.onerror = () =>
      reject(
        new ApiRequestError(0, { error: 'Could not reach Nestmate. Check your connection and try again.' }),
      )
    request.onabort = () => reject(new ApiRequestError(0, { error: 'Upload cancelled.' }))
    const form = new FormData()
    form.append('photo', file)
    request.send(form)
  })
  return { done, abort: () => request.abort() }
}

export const reorderPhotos = (listingId: string, order: string[]) =>
  api<{ photos: ListingPhoto[] }>(API.photos(listingId), { method: 'PUT', body: { order } })

export const deletePhoto = (listingId: string, photoId: string) =>
  api<{ message: string }>(API.photo(listingId, photoId), { method: 'DELETE' })
