import { useCallback, useEffect, useRef, useState } from 'react'
import type { ListingPhoto } from '#shared/listing.ts'
import { ApiRequestError } from '../../lib/api.ts'
import { deletePhoto, reorderPhotos, uploadPhoto } from './api.ts'
import { checkFiles, type Refusal } from './check-files.ts'

export type PhotoItem =
  | { kind: 'photo'; key: string; photo: ListingPhoto }
  | {
      kind: 'upload'
      key: string
      file: File
      preview: string
      /** 0 to 1: how much of the file has been sent. */
      progress: number
      status: 'waiting' | 'sending' | 'failed'
      error?: string
    }

const failure = (error: unknown) =>
  error instanceof ApiRequestError ? error.message : 'Something went wrong; please try again.'

let nextKey = 0

/**
 * A listing's photos in the form: the stored ones and the files on their way. With a listing (the edit form)
 * each chosen file is uploaded at once and every move or delete is saved as it happens; without one (the add form)
 * files wait, in the order shown, until `uploadWaiting` is given the new listing's id.
 */
export function usePhotos(listingId: string | undefined, initial: ListingPhoto[] = []) {
  const [items, setItems] = useState<PhotoItem[]>(() =>
    initial.map((photo) => ({ kind: 'photo', key: photo.id, photo })),
  )
  const [refusals, setRefusals] = useState<Refusal[]>([])
  const [announcement, setAnnouncement] = useState('')
  // The latest list, for handlers that run between renders (an upload's progress, a second drop of files).
  const current = useRef(items)
  useEffect(() => {
    current.current = items
  }, [items])
  // Files already handed to an upload: a second call (more files chosen meanwhile) skips them.
  const started = useRef(new Set<string>())

  // Previews are blob: URLs of files in memory: let them go with the page.
  useEffect(
    () => () => {
      for (const item of current.current) if (item.kind === 'upload') URL.revokeObjectURL(item.preview)
    },
    [],
  )

  const update = useCallback(
    (key: string, change: (item: PhotoItem) => PhotoItem | null) =>
      setItems((list) => list.flatMap((item) => (item.key === key ? (change(item) ?? []) : [item]))),
    [],
  )

  /** Sends the waiting files one after another (the server works on one photo at a time anyway). */
  const uploadWaiting = useCallback(
    async (id: string): Promise<Refusal[]> => {
      const failed: Refusal[] = []
      for (const item of current.current) {
        if (item.kind !== 'upload' || item.status !== 'waiting' || started.current.has(item.key)) continue
        started.current.add(item.key)
        update(item.key, (it) => ({ ...it, status: 'sending', progress: 0 }) as PhotoItem)
        setAnnouncement(`Uploading ${item.file.name}…`)
        try {
          const photo = await uploadPhoto(id, item.file, (progress) =>
            update(item.key, (it) => ({ ...it, progress }) as PhotoItem),
          ).done
          URL.revokeObjectURL(item.preview)
          update(item.key, () => ({ kind: 'photo', key: item.key, photo }))
          setAnnouncement(`${item.file.name} added.`)
        } catch (error) {
          const reason = failure(error)
          failed.push({ name: item.file.name, reason })
          update(item.key, (it) => ({ ...it, status: 'failed', error: reason }) as PhotoItem)
          setAnnouncement(`${item.file.name} was not added: ${reason}`)
        }
      }
      return failed
    },
    [update],
  )

  const add = (files: File[]) => {
    const { accepted, refused } = checkFiles(files, current.current.length)
    setRefusals(refused)
    const added: PhotoItem[] = accepted.map((file) => ({
      kind: 'upload',
      key: `upload-${nextKey++}`,
      file,
      preview: URL.createObjectURL(file),
      progress: 0,
      status: 'waiting',
    }))
    current.current = [...current.current, ...added]
    setItems(current.current)
    if (refused.length > 0)
      setAnnouncement(refused.map((refusal) => `${refusal.name} ${refusal.reason}`).join(' '))
    else if (!listingId && added.length > 0)
      setAnnouncement(
        `${added.length} photo${added.length === 1 ? '' : 's'} will be uploaded with the listing.`,
      )
    if (listingId && added.length > 0) void uploadWaiting(listingId)
  }

  const saveOrder = async (list: PhotoItem[], before: PhotoItem[]) => {
    if (!listingId) return
    const order = list.flatMap((item) => (item.kind === 'photo' ? [item.photo.id] : []))
    try {
      await reorderPhotos(listingId, order)
    } catch (error) {
      setItems(before)
      setAnnouncement(`The new order was not saved: ${failure(error)}`)
    }
  }

  /** Moves a photo to another place; place 0 is the cover. */
  const moveTo = (key: string, place: number) => {
    const before = current.current
    const from = before.findIndex((item) => item.key === key)
    if (from < 0 || place < 0 || place >= before.length || place === from) return
    const list = [...before]
    const [moved] = list.splice(from, 1)
    list.splice(place, 0, moved!)
    current.current = list
    setItems(list)
    setAnnouncement(
      place === 0
        ? 'Photo moved first: it is now the cover.'
        : `Photo moved to place ${place + 1} of ${list.length}.`,
    )
    void saveOrder(list, before)
  }

  const remove = async (key: string) => {
    const item = current.current.find((it) => it.key === key)
    if (!item) return
    if (item.kind === 'upload') {
      URL.revokeObjectURL(item.preview)
      update(key, () => null)
      setAnnouncement(`${item.file.name} removed.`)
      return
    }
    if (!listingId) return
    try {
      await deletePhoto(listingId, item.photo.id)
      update(key, () => null)
      setAnnouncement('Photo deleted.')
    } catch (error) {
      setAnnouncement(`The photo was not deleted: ${failure(error)}`)
    }
  }

  const isBusy = items.some((item) => item.kind === 'upload' && item.status === 'sending')
  const waiting = items.filter((item) => item.kind === 'upload' && item.status === 'waiting').length
  return { items, refusals, announcement, add, moveTo, remove, uploadWaiting, isBusy, waiting }
}

export type Photos = ReturnType<typeof usePhotos>
