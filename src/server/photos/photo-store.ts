import { randomUUID } from 'node:crypto'
import { mkdir, open, readdir, rename, rm, rmdir, stat, unlink } from 'node:fs/promises'
import path from 'node:path'
import type { ProcessedPhoto } from './process-photo.ts'

/** Only names this store writes: `<key>-<width>.webp`. */
export const PHOTO_FILE = /^([0-9a-f]{32})-(\d{1,4})\.webp$/
const LISTING_DIR = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/
const TEMP = '.tmp'
/**
 * A file younger than this may belong to an upload still on its way to its row (in this process or another on
 * the same volume): the sweep leaves it alone.
 */
export const SWEEP_GRACE_MS = 10 * 60 * 1000

async function fsyncPath(target: string) {
  const handle = await open(target, 'r')
  try {
    await handle.sync()
  } finally {
    await handle.close()
  }
}

/**
 * The photo files under PHOTOS_DIR, `<listing id>/<key>-<width>.webp` (docs/decisions/026). Each file is written
 * to `.tmp/`, flushed to disk, then renamed into place: a reader or a crash never sees half a file. Files are
 * written before their row and removed after it, so a crash leaves at worst files without a row, which
 * `sweep` removes; never a row without its files.
 */
export function createPhotoStore(root: string) {
  const temp = path.join(root, TEMP)
  const listingDir = (listingId: string) => {
    if (!LISTING_DIR.test(listingId)) throw new Error(`not a listing id: ${listingId}`)
    return path.join(root, listingId)
  }

  async function writeAtomically(target: string, data: Buffer) {
    const scratch = path.join(temp, `${randomUUID()}.webp`)
    const handle = await open(scratch, 'wx', 0o644)
    try {
      await handle.writeFile(data)
      await handle.sync()
    } finally {
      await handle.close()
    }
    try {
      await rename(scratch, target)
    } catch (error) {
      await unlink(scratch).catch(() => {})
      throw error
    }
  }

  return {
    root,

    async init() {
      await mkdir(temp, { recursive: true })
    },

    /** The file to serve for `/photos/<listingId>/<file>`, or undefined for a name this store never writes. */
    fileFor(listingId: string, file: string): string | undefined {
      if (!LISTING_DIR.test(listingId) || !PHOTO_FILE.test(file)) return undefined
      return path.join(root, listingId, file)
    },

    /** Writes every size of a photo; an identical photo already there is simply written over (same bytes). */
    async write(listingId: string, photo: ProcessedPhoto) {
      const dir = listingDir(listingId)
      await mkdir(dir, { recursive: true })
      for (const file of photo.files)
        await writeAtomically(path.join(dir, `${photo.key}-${file.width}.webp`), file.data)
      // The renames are durable once the folder itself is flushed.
      await fsyncPath(dir)
    },

    /** Removes every size of one photo (call after its row is gone). */
    async remove(listingId: string, key: string) {
      const dir = listingDir(listingId)
      const names = await readdir(dir).catch(() => [] as string[])
      await Promise.all(
        names
          .filter((name) => name.startsWith(`${key}-`))
          .map((name) => rm(path.join(dir, name), { force: true })),
      )
    },

    /** Removes all of a listing's photos (call after the listing's row is gone). */
    async removeListing(listingId: string) {
      await rm(listingDir(listingId), { recursive: true, force: true })
    },

    /**
     * Removes what a crash or a refused upload left behind: scratch files, and photo files whose row
     * `keysOf(listingId)` doesn't name, once they are older than the grace period. Answers how many files went.
     */
    async sweep(keysOf: (listingId: string) => Promise<Set<string>>, now = Date.now()): Promise<number> {
      let removed = 0
      const old = async (file: string) => {
        const info = await stat(file).catch(() => undefined)
        return info !== undefined && now - info.mtimeMs > SWEEP_GRACE_MS
      }
      for (const name of await readdir(temp).catch(() => [] as string[])) {
        const file = path.join(temp, name)
        if (await old(file)) {
          await rm(file, { force: true })
          removed++
        }
      }
      for (const listingId of await readdir(root)) {
        if (!LISTING_DIR.test(listingId)) continue
        const dir = path.join(root, listingId)
        const keys = await keysOf(listingId)
        const names = await readdir(dir).catch(() => [] as string[])
        for (const name of names) {
          const key = PHOTO_FILE.exec(name)?.[1]
          if (key !== undefined && keys.has(key)) continue
          if (await old(path.join(dir, name))) {
            await rm(path.join(dir, name), { force: true })
            removed++
          }
        }
        // An empty folder (its listing deleted, or its last photo) goes too; one refilled meanwhile stays.
        if (keys.size === 0) await rmdir(dir).catch(() => {})
      }
      return removed
    },
  }
}

export type PhotoStore = ReturnType<typeof createPhotoStore>
