import { readFileSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { gzipSync } from 'node:zlib'
import { chunkFiles, PAGE_MODULES, type Manifest } from '../src/server/plugins/page-preloads.ts'

// The JavaScript a first visit to a route downloads before it can render: the entry chunk, the layout and
// the route's own module, each with everything it imports statically. Dynamic imports are not counted:
// they load after the first paint.

export type RouteSize = { route: string; files: string[]; bytes: number; gzipBytes: number; hasZod: boolean }

const ROOT = path.resolve('dist/web')
export const HOME_BUDGET_GZIP = 150 * 1024
const MEASURED = [
  '/',
  '/browse-listing',
  '/rooms-wanted',
  '/browse-listing-details/:id',
  '/login',
  '/dashboard',
]
// The public pages start without the schema library (decision 013): it loads with forms, errors and filtered views.
const WITHOUT_ZOD = ['/', '/browse-listing', '/rooms-wanted']

export function routeSizes(root = ROOT): RouteSize[] {
  const manifest = JSON.parse(readFileSync(path.join(root, '.vite/manifest.json'), 'utf8')) as Manifest
  return PAGE_MODULES.filter((page) => MEASURED.includes(page.path)).map(({ path: route, modules }) => {
    const files = chunkFiles(manifest, ['index.html', ...modules], new Set(['theme-init.js']))
    const contents = [...files].map((file) => readFileSync(path.join(root, file)))
    return {
      route,
      files: [...files],
      bytes: contents.reduce((sum, buffer) => sum + buffer.length, 0),
      gzipBytes: contents.reduce((sum, buffer) => sum + gzipSync(buffer, { level: 9 }).length, 0),
      // Every zod schema carries its internals under `_zod`, a name minifiers keep.
      hasZod: contents.some((buffer) => buffer.includes('_zod')),
    }
  })
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const sizes = routeSizes()
  for (const size of sizes) {
    console.log(
      `${size.route.padEnd(30)} ${(size.gzipBytes / 1024).toFixed(1).padStart(7)} kB gzip  (${size.files.length} files)`,
    )
  }
  const home = sizes.find((size) => size.route === '/')!
  if (home.gzipBytes > HOME_BUDGET_GZIP) {
    console.error(
      `The home page's initial JavaScript is ${(home.gzipBytes / 1024).toFixed(1)} kB gzip; the budget is 150 kB.`,
    )
    process.exit(1)
  }
  // The API reference renders a large document: its code loads only on its own page (decision 033).
  const manifest = JSON.parse(readFileSync(path.join(ROOT, '.vite/manifest.json'), 'utf8')) as Manifest
  const docsChunk = manifest['src/web/routes/api-docs.tsx']?.file
  const withDocs = sizes.filter((size) => docsChunk && size.files.includes(docsChunk))
  if (!docsChunk || withDocs.length > 0) {
    console.error(
      `The API reference's code is missing or loads with ${withDocs.map((s) => s.route).join(', ')}.`,
    )
    process.exit(1)
  }
  const withZod = sizes.filter((size) => WITHOUT_ZOD.includes(size.route) && size.hasZod)
  if (withZod.length > 0) {
    console.error(`zod is in the initial JavaScript of ${withZod.map((size) => size.route).join(', ')}.`)
    process.exit(1)
  }
}
