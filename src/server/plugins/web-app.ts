import { existsSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance } from 'fastify'
import { PAGE_ROWS } from '#shared/pages.ts'
import { pagesWithPreloads } from './page-preloads.ts'

/** The pages the page table puts under /api (the API reference): the web app's, not the API's. */
const API_PAGES = new Set(PAGE_ROWS.filter((page) => page.path.startsWith('/api/')).map((page) => page.path))

export const WEB_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../dist/web')

/** Serves the built SPA; unknown non-API paths get index.html so the client router can answer them. */
export async function registerWebApp(app: FastifyInstance, root = WEB_ROOT) {
  const hasBuild = existsSync(path.join(root, 'index.html'))
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      // index.html goes out through the handler below, with the page's preload links.
      index: false,
      // scripts/compress-assets.ts wrote a .br and a .gz beside each text file at build time.
      preCompressed: true,
      // Our setHeaders decides; otherwise send's default `max-age=0` wins for precompressed files.
      cacheControl: false,
      setHeaders: (res, filePath) => {
        // Vite puts a content hash in every file name under assets/, so those never change.
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.setHeader('Cache-Control', 'public, max-age=31536000, immutable')
        } else {
          res.setHeader('Cache-Control', 'no-cache')
        }
      },
    })
  }
  const pageFor = hasBuild ? pagesWithPreloads(root) : null
  app.setNotFoundHandler((request, reply) => {
    const { pathname, search } = new URL(request.url, 'http://nestmate.invalid')
    const isApi = (pathname.startsWith('/api/') || pathname === '/api') && !API_PAGES.has(pathname)
    if (isApi || !['GET', 'HEAD'].includes(request.method)) {
      return reply.status(404).send({ error: 'Not found.' })
    }
    if (!pageFor) {
      return reply.status(503).type('text/plain').send('The web app is not built yet: run `npm run build`.')
    }
    const page = pageFor(pathname, search)
    reply.header('Cache-Control', 'no-cache').header('ETag', page.etag)
    if (request.headers['if-none-match'] === page.etag) return reply.status(304).send()
    return reply.type('text/html; charset=utf-8').send(page.html)
  })
}
