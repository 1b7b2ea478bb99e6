import { randomUUID } from 'node:crypto'
import type { Stats } from 'node:fs'
import { chmod, lstat, mkdir, open, readdir, rename, rm, rmdir, unlink } from 'node:fs/promises'
import path from 'node:path'
import { makePrivateDir, privateMode } from '../db/private-dir.ts'
import type { ProcessedPhoto } from './process-photo.ts'

/** Only names this store writes: `<key>-<width>.webp`. */
export const PHOTO_FILE = /^([0-9a-f]{32})-(\d{1,4})\.webp$/
const LISTING_DIR = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/
const TEMP = '.tmp'
// The owner's alone, like everything in DATA_DIR: processes that share PHOTOS_DIR run as one user (README).
const PRIVATE_DIR = 0o700
const PRIVATE_FILE = 0o600
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

/** An entry's own status (a symlink is not followed), after taking group and others' access off it. */
async function mended(entry: string): Promise<{ info: Stats; wasOpen: boolean } | undefined> {
  const info = await lstat(entry).catch(() => undefined)
  if (!info || info.isSymbolicLink()) return undefined
  const mode = privateMode(info.mode)
  if (mode !== undefined) await chmod(entry, mode).catch(() => {})
  return { info, wasOpen: mode !== undefined }
}

/**
 * The photo files under PHOTOS_DIR, `<listing id>/<key>-<width>.webp` (docs/decisions/026). Each file is written
 * to `.tmp/`, flushed to disk, then renamed into place: a reader or a crash never sees half a file. Files are
 * written before their row and removed after it, so a crash leaves at worst files without a row, which
 * `sweep` removes; never a row without its files. Folders are 0700 and files 0600, wherever PHOTOS_DIR is.
 */
export function createPhotoStore(root: string) {
  const temp = path.join(root, TEMP)
  const listingDir = (listingId: string) => {
    if (!LISTING_DIR.test(listingId)) throw new Error(`not a listing id: ${listingId}`)
    return path.join(root, listingId)
  }

  async function writeAtomically(target: string, data: Buffer) {
    const scratch = path.join(temp, `${randomUUID()}.webp`)
    const handle = await open(scratch, 'wx', PRIVATE_FILE)
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

    /**
     * Creates PHOTOS_DIR private, or takes group and others' access off the folder itself at once: nothing in a
     * 0700 folder can be reached by another account. What is in it is mended by `sweep`, in the background.
     */
    async init() {
      makePrivateDir(root, { deep: false })
      await mkdir(temp, { recursive: true, mode: PRIVATE_DIR })
    },

    /** The file to serve for `/photos/<listingId>/<file>`, or undefined for a name this store never writes. */
    fileFor(listingId: string, file: string): string | undefined {
      if (!LISTING_DIR.test(listingId) || !PHOTO_FILE.test(file)) return undefined
      return path.join(root, listingId, file)
    },

    /** Writes every size of a photo; an identical photo already there is simply written over (same bytes). */
    async write(listingId: string, photo: ProcessedPhoto) {
      const dir = listingDir(listingId)
      await mkdir(dir, { recursive: true, mode: PRIVATE_DIR })
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
     * `keysOf(listingId)` doesn't name, once they are older than the grace period. On the way it takes group and
     * others' access off every folder and file it keeps (a store written by an older release, or copied in).
     * Answers how many files went and how many entries it made private.
     */
    async sweep(
      keysOf: (listingId: string) => Promise<Set<string>>,
      now = Date.now(),
    ): Promise<{ removed: number; mended: number }> {
      let removed = 0
      let mendedCount = 0
      /** Mends the entry; true when it is a file old enough to go, if nothing names it. */
      const check = async (entry: string) => {
        const status = await mended(entry)
        if (status?.wasOpen) mendedCount++
        return status !== undefined && now - status.info.mtimeMs > SWEEP_GRACE_MS
      }
      await check(temp)
      for (const name of await readdir(temp).catch(() => [] as string[])) {
        const file = path.join(temp, name)
        if (await check(file)) {
          await rm(file, { force: true })
          removed++
        }
      }
      for (const listingId of await readdir(root)) {
        if (!LISTING_DIR.test(listingId)) continue
        const dir = path.join(root, listingId)
        await check(dir)
        const keys = await keysOf(listingId)
        const names = await readdir(dir).catch(() => [] as string[])
        for (const name of names) {
          const key = PHOTO_FILE.exec(name)?.[1]
          const old = await check(path.join(dir, name))
          if (key !== undefined && keys.has(key)) continue
          if (old) {
            await rm(path.join(dir, name), { force: true })
            removed++
          }
        }
        // An empty folder (its listing deleted, or its last photo) goes too; one refilled meanwhile stays.
        if (keys.size === 0) await rmdir(dir).catch(() => {})
      }
      return { removed, mended: mendedCount }
    },
  }
}

export type PhotoStore = ReturnType<typeof createPhotoStore>
