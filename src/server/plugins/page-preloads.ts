import { createHash } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { LAYOUTS, PAGE_ROWS, type PageRow } from '#shared/pages.ts'
import { readFirstPaints, withFirstPaint } from '../first-paint/page-html.ts'

export type PageModules = {
  path: string
  pattern: RegExp
  modules: string[]
  prerender: boolean
  /** Only for a signed-in person: the page's session check is preloaded too. */
  signIn: boolean
  /** What its layout's loader asks for (preloaded at any address of the page). */
  layoutFetches: string[]
  /** API answers preloaded with the prerendered page (the page table's `fetches`). */
  fetches: string[]
}

const source = (module: string) => `src/web/${module}`
const patternFor = (page: string) =>
  new RegExp(`^${page.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/:id/g, '[^/]+')}/?$`)

function modulesOf(page: PageRow): string[] {
  const target = page.redirectTo ? PAGE_ROWS.find((row) => row.path === page.redirectTo)! : page
  return [LAYOUTS[target.layout].module, ...(target.module ? [target.module] : [])].map(source)
}

/**
 * The route modules each page needs on a first visit, by path, from the page table (src/shared/pages.ts). The
 * first match wins: the pages, then each layout's page for any other address under it (its `*` row, or the layout
 * alone), the longest layout path first.
 */
export const PAGE_MODULES: PageModules[] = [
  ...PAGE_ROWS.filter((page) => page.path !== '*').map((page) => ({
    path: page.path,
    pattern: patternFor(page.path),
    modules: modulesOf(page),
    prerender: page.prerender === true,
    signIn: page.signIn === true,
    layoutFetches: LAYOUTS[page.layout].fetches ?? [],
    fetches: page.fetches ?? [],
  })),
  ...Object.values(LAYOUTS)
    .sort((a, b) => b.path.length - a.path.length)
    .map((layout) => {
      const fallback = PAGE_ROWS.find((page) => page.path === '*' && LAYOUTS[page.layout] === layout)
      const prefix = layout.path.endsWith('/') ? layout.path : `${layout.path}/`
      return {
        path: layout.path === '/' ? '*' : `${prefix}*`,
        pattern: new RegExp(`^${prefix}`),
        modules: fallback ? modulesOf(fallback) : [source(layout.module)],
        prerender: false,
        signIn: false,
        layoutFetches: [],
        fetches: [],
      }
    }),
]

/** The session check as Better Auth's client asks for it (cors, credentials included), so the two are one request. */
const SESSION_PRELOAD = `    <link rel="preload" as="fetch" crossorigin="use-credentials" href="/api/auth/get-session">\n`

type Chunk = { file: string; imports?: string[] }
export type Manifest = Record<string, Chunk>

/** Every file a module loads before it runs: its chunk and, recursively, what that chunk imports statically. */
export function chunkFiles(manifest: Manifest, keys: string[], into = new Set<string>()): Set<string> {
  for (const key of keys) {
    const chunk = manifest[key]
    if (!chunk)
      throw new Error(`${key} is not in the build manifest: the build is older than the code (npm run build)`)
    if (into.has(chunk.file)) continue
    into.add(chunk.file)
    chunkFiles(manifest, chunk.imports ?? [], into)
  }
  return into
}

export type Page = { html: string; etag: string }

const withEtag = (html: string): Page => ({
  html,
  etag: `"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"`,
})

/**
 * index.html for each page, with `<link rel="modulepreload">` for the page's route modules, so the browser fetches
 * them beside the entry script instead of after it has run (one round trip less before the first render), the
 * session check for a signed-in page, the API answers its loader asks for (`fetches`) and, for the pages the table
 * prerenders, their first paint (src/server/first-paint/). That paint is of the page without query parameters (the browse page's default view): an
 * address with any gets the page without either.
 * Without a build manifest (the tests' small web roots), every page is index.html as it is.
 */
export function pagesWithPreloads(root: string): (pathname: string, search: string) => Page {
  const index = readFileSync(path.join(root, 'index.html'), 'utf8')
  const manifestFile = path.join(root, '.vite/manifest.json')
  if (!existsSync(manifestFile)) {
    const plain = withEtag(index)
    return () => plain
  }
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest
  const firstPaints = readFirstPaints(root)
  const inEntry = chunkFiles(manifest, ['index.html'])
  // Same mode and credentials as the app's fetch() (cors, same-origin), or the browser would fetch them twice.
  const preloadsOf = (addresses: string[]) =>
    addresses.map((address) => `    <link rel="preload" as="fetch" crossorigin href="${address}">\n`).join('')
  const built = PAGE_MODULES.map(({ path: page, pattern, modules, fetches, signIn, layoutFetches }) => {
    const links = [...chunkFiles(manifest, modules)]
      .filter((file) => !inEntry.has(file))
      .map((file) => `    <link rel="modulepreload" crossorigin href="/${file}">\n`)
      .join('')
    // A signed-in page's loaders wait for the session check first: it leaves with the page, not after its code.
    const early = `${signIn ? SESSION_PRELOAD : ''}${preloadsOf(layoutFetches)}`
    const plain = withEtag(index.replace('  </head>', () => `${links}${early}  </head>`))
    const fetched = preloadsOf(fetches)
    const firstPaint = firstPaints[page]
    if (!firstPaint) {
      const withFetches = fetched
        ? withEtag(plain.html.replace('  </head>', () => `${fetched}  </head>`))
        : plain
      // A page of one thing (`:id`) asks for that thing's answers: its links are written per address.
      const ofId = fetches.some((address) => address.includes(':id'))
        ? (id: string) =>
            withEtag(
              plain.html.replace(
                '  </head>',
                () => `${preloadsOf(fetches.map((address) => address.replaceAll(':id', id)))}  </head>`,
              ),
            )
        : undefined
      return { pattern, plain, painted: withFetches, ofId }
    }
    const painted = withFirstPaint(plain.html, firstPaint).replace('  </head>', () => `${fetched}  </head>`)
    return { pattern, plain, painted: withEtag(painted), ofId: undefined }
  })
  return (pathname, search) => {
    const { plain, painted, ofId } = built.find(({ pattern }) => pattern.test(pathname))!
    if (search !== '' && search !== '?') return plain
    if (!ofId) return painted
    // Only an id as the app writes them (a UUID's characters) goes into the page; any other is left to the app.
    const id = pathname.replace(/\/$/, '').split('/').at(-1) ?? ''
    return /^[\w-]{1,64}$/.test(id) ? ofId(id) : plain
  }
}
