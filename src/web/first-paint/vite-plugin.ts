import { readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Plugin } from 'vite'
import type * as Prerender from './prerender.tsx'

const here = path.dirname(fileURLToPath(import.meta.url))

/**
 * The first paint's part of the Vite builds. The build gets start-app.js and early-cards.js at the web root, where
 * the server's prerendered pages ask for them (src/server/first-paint/page-html.ts). The dev server sends the prerendered pages
 * with their first paint too, rendered on each request from the current source, so development hydrates them the way
 * production does and a page that renders differently at build time shows its hydration error there first.
 */
export function firstPaint(): Plugin {
  return {
    name: 'nestmate-first-paint',
    generateBundle(options) {
      // The prerender's own server build (scripts/prerender.ts) has no use for it.
      if (options.format !== 'es' || this.environment?.config.consumer === 'server') return
      for (const fileName of ['start-app.js', 'early-cards.js'])
        this.emitFile({ type: 'asset', fileName, source: readFileSync(path.join(here, fileName), 'utf8') })
    },
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        const url = new URL(request.url ?? '/', 'http://nestmate.invalid')
        if (request.method !== 'GET' || url.search !== '' || !request.headers.accept?.includes('text/html'))
          return next()
        void (async () => {
          const { PRERENDERED_PATHS, renderFirstPaint } = (await server.ssrLoadModule(
            path.join(here, 'prerender.tsx'),
          )) as typeof Prerender
          if (!PRERENDERED_PATHS.includes(url.pathname)) return next()
          // Without early cards (decision 036): the dev server draws the listings once the app has them.
          const { head, markup } = await renderFirstPaint(url.pathname)
          const index = readFileSync(path.join(server.config.root, 'index.html'), 'utf8')
          const html = (await server.transformIndexHtml(url.pathname, index))
            .replace(/<title>[^<]*<\/title>/, () => head)
            .replace('<div id="root"></div>', () => `<div id="root">${markup}</div>`)
          response.setHeader('Content-Type', 'text/html; charset=utf-8')
          response.end(html)
        })().catch(next)
      })
    },
  }
}
