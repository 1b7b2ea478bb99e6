import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'

/** What the build's prerender wrote for one page: what goes in <head>, in #root and (templates) after it. */
export type FirstPaint = { head: string; markup: string; templates?: string }

/** dist/web/.vite/first-paint.json (scripts/prerender.ts), by page path; none when the build has no such file. */
export function readFirstPaints(root: string): Record<string, FirstPaint> {
  const file = path.join(root, '.vite/first-paint.json')
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, FirstPaint>) : {}
}

const ROOT_ELEMENT = '<div id="root"></div>'

/**
 * index.html with a page's prerendered first paint inside #root and its <title> in place of the default one. The
 * app's module tags make way for start-app.js, which adds them once the page has been painted. Markup goes in
 * through replacement functions: in a replacement string `$&`, `$'` and the like stand for parts of the match, and
 * a page whose text holds them (a price "$&", a quote) would come out garbled.
 */
export function withFirstPaint(html: string, firstPaint: FirstPaint): string {
  const entry = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(html)
  if (!entry) throw new Error('index.html has no module script')
  const preloads = [...html.matchAll(/\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g)]
  if (!html.includes(ROOT_ELEMENT)) throw new Error('index.html has no empty #root')
  let painted = html.replace(entry[0], '')
  for (const preload of preloads) painted = painted.replace(preload[0], '')
  const start = `<script src="/start-app.js" defer data-entry="${entry[1]}" data-preload="${preloads.map((p) => p[1]).join(' ')}"></script>`
  // A page with early cards runs their script first: it asks for the listings the page is waiting for.
  const early = firstPaint.templates ? `<script src="/early-cards.js" defer></script>\n    ` : ''
  return painted
    .replace(/<title>[^<]*<\/title>/, () => firstPaint.head)
    .replace(ROOT_ELEMENT, () => `<div id="root">${firstPaint.markup}</div>${firstPaint.templates ?? ''}`)
    .replace('  </head>', () => `    ${early}${start}\n  </head>`)
}
