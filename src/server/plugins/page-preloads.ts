import { createHash } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'

const layout = 'src/web/routes/root-layout.tsx'
const dashboard = 'src/web/routes/dashboard/layout.tsx'
const page = (name: string) => `src/web/routes/${name}.tsx`

/**
 * The route modules each page needs on a first visit (src/web/router.tsx's lazy routes), by path. The first match
 * wins; anything else outside /dashboard is the not-found page.
 */
export const PAGES: { path: string; pattern: RegExp; modules: string[] }[] = [
  { path: '/', pattern: /^\/$/, modules: [layout, page('home')] },
  ...[
    ...['about', 'contact', 'support', 'login', 'signup', 'browse-listing'],
    ...['forgot-password', 'reset-password', 'email-verified'],
  ].map((name) => ({
    path: `/${name}`,
    pattern: new RegExp(`^/${name}/?$`),
    modules: [layout, page(name)],
  })),
  {
    path: '/browse-listing-details/:id',
    pattern: /^\/browse-listing-details\/[^/]+\/?$/,
    modules: [layout, page('listing-details')],
  },
  { path: '/dashboard', pattern: /^\/dashboard\/?$/, modules: [dashboard, page('dashboard/overview')] },
  ...[
    ['find-rommate', 'add-listing'],
    ['my-listing', 'my-listings'],
    ['profile-settings', 'profile-settings'],
  ].map(([segment, name]) => ({
    path: `/dashboard/${segment}`,
    pattern: new RegExp(`^/dashboard/${segment}/?$`),
    modules: [dashboard, page(`dashboard/${name}`)],
  })),
  {
    path: '/dashboard/my-listing/:id',
    pattern: /^\/dashboard\/my-listing\/[^/]+\/?$/,
    modules: [dashboard, page('dashboard/edit-listing')],
  },
  {
    path: '/dashboard/browse-listing',
    pattern: /^\/dashboard\/browse-listing\/?$/,
    modules: [dashboard, page('browse-listing')],
  },
  {
    path: '/dashboard/browse-listing-details/:id',
    pattern: /^\/dashboard\/browse-listing-details\/[^/]+\/?$/,
    modules: [dashboard, page('listing-details')],
  },
  { path: '/dashboard/*', pattern: /^\/dashboard\//, modules: [dashboard] },
  { path: '*', pattern: /^\//, modules: [layout, page('not-found')] },
]

type Chunk = { file: string; imports?: string[] }
export type Manifest = Record<string, Chunk>

/** Every file a module loads before it runs: its chunk and, recursively, what that chunk imports statically. */
export function chunkFiles(manifest: Manifest, keys: string[], into = new Set<string>()): Set<string> {
  for (const key of keys) {
    const chunk = manifest[key]
    if (!chunk) throw new Error(`${key} is not in the build manifest`)
    if (into.has(chunk.file)) continue
    into.add(chunk.file)
    chunkFiles(manifest, chunk.imports ?? [], into)
  }
  return into
}

export type Page = { html: string; etag: string }

/** scripts/prerender.ts's output: by page path, what goes in <head> and what in #root. */
type FirstPaints = Record<string, { head: string; markup: string }>

const ROOT_ELEMENT = '<div id="root"></div>'

/**
 * The page's prerendered first paint inside #root, which is inert until src/web/main.tsx has hydrated it: nothing
 * can be clicked, focused or typed into before React is listening (a click would do nothing, typing would be lost).
 */
function withFirstPaint(html: string, firstPaint: FirstPaints[string]) {
  // The app's module tags make way for public/start-app.js, which adds them once the page has been painted.
  const entry = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(html)
  if (!entry) throw new Error('index.html has no module script')
  const preloads = [...html.matchAll(/\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g)]
  let painted = html.replace(entry[0], '')
  for (const preload of preloads) painted = painted.replace(preload[0], '')
  const start = `<script src="/start-app.js" defer data-entry="${entry[1]}" data-preload="${preloads.map((p) => p[1]).join(' ')}"></script>`
  return painted
    .replace(/<title>[^<]*<\/title>/, firstPaint.head)
    .replace(ROOT_ELEMENT, `<div id="root" inert>${firstPaint.markup}</div>`)
    .replace('  </head>', `    ${start}\n  </head>`)
}

/**
 * index.html for each page, with `<link rel="modulepreload">` for the page's route modules, so the browser fetches
 * them beside the entry script instead of after it has run (one round trip less before the first render), and,
 * for the public pages that look the same to everyone, their prerendered first paint. That paint is of the page
 * without query parameters (the browse page's default view): an address with any gets the page without it, since
 * hydration would keep the prerendered filter values. Without a build manifest (the tests' small web roots),
 * every page is index.html as it is.
 */
export function pagesWithPreloads(root: string): (pathname: string, search: string) => Page {
  const index = readFileSync(path.join(root, 'index.html'), 'utf8')
  const manifestFile = path.join(root, '.vite/manifest.json')
  const firstPaintFile = path.join(root, '.vite/first-paint.json')
  const withEtag = (html: string): Page => ({
    html,
    etag: `"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"`,
  })
  if (!existsSync(manifestFile)) {
    const plain = withEtag(index)
    return () => plain
  }
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest
  const firstPaints = existsSync(firstPaintFile)
    ? (JSON.parse(readFileSync(firstPaintFile, 'utf8')) as FirstPaints)
    : {}
  const inEntry = chunkFiles(manifest, ['index.html'])
  const built = PAGES.map(({ path: page, pattern, modules }) => {
    const links = [...chunkFiles(manifest, modules)]
      .filter((file) => !inEntry.has(file))
      .map((file) => `    <link rel="modulepreload" crossorigin href="/${file}">\n`)
      .join('')
    const plain = withEtag(index.replace('  </head>', `${links}  </head>`))
    const firstPaint = firstPaints[page]
    return { pattern, plain, painted: firstPaint ? withEtag(withFirstPaint(plain.html, firstPaint)) : plain }
  })
  return (pathname, search) => {
    const { plain, painted } = built.find(({ pattern }) => pattern.test(pathname))!
    return search === '' || search === '?' ? painted : plain
  }
}
