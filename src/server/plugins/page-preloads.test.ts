import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createTestApp, type TestApp } from '../test/app.ts'
import { PAGE_ROWS } from '#shared/pages.ts'
import { PAGE_MODULES } from './page-preloads.ts'

const root = mkdtempSync(path.join(os.tmpdir(), 'nestmate-pages-'))
const manifest = {
  'index.html': { file: 'assets/index-e1.js', imports: ['_runtime.js'] },
  '_runtime.js': { file: 'assets/runtime-r1.js' },
  '_shared.js': { file: 'assets/shared-s1.js', imports: ['_runtime.js', 'index.html'] },
  'src/web/routes/root-layout.tsx': { file: 'assets/root-layout-l1.js', imports: ['index.html'] },
  'src/web/routes/home.tsx': { file: 'assets/home-h1.js', imports: ['_shared.js', 'index.html'] },
  'src/web/routes/listing-details.tsx': { file: 'assets/details-d1.js', imports: ['_shared.js'] },
  'src/web/routes/not-found.tsx': { file: 'assets/not-found-n1.js' },
}
const html =
  '<!doctype html>\n<html>\n  <head>\n    <title>Nestmate</title>\n    <script type="module" crossorigin src="/assets/index-e1.js"></script>\n  </head>\n  <body>\n    <div id="root"></div>\n  </body>\n</html>\n'
// What scripts/prerender.ts writes, for one page.
const firstPaints = {
  '/': { head: '<title>Nestmate | Home</title>', markup: '<main><h1>Welcome</h1></main>' },
  '/browse-listing': { head: '<title>Nestmate | Browse</title>', markup: '<main><h1>Browse</h1></main>' },
}
let t: TestApp

beforeAll(async () => {
  mkdirSync(path.join(root, '.vite'), { recursive: true })
  writeFileSync(path.join(root, 'index.html'), html)
  // Only the modules these tests visit; the real build has them all (checked below and by scripts/bundle-size.ts).
  const full = Object.fromEntries(
    PAGE_MODULES.flatMap((page) => page.modules).map((key) => [
      key,
      { file: `assets/${path.basename(key, '.tsx')}.js` },
    ]),
  )
  writeFileSync(path.join(root, '.vite/manifest.json'), JSON.stringify({ ...full, ...manifest }))
  writeFileSync(path.join(root, '.vite/first-paint.json'), JSON.stringify(firstPaints))
  t = await createTestApp({}, { webRoot: root })
})
afterAll(async () => {
  await t.close()
  rmSync(root, { recursive: true, force: true })
})

/** The modules a page preloads: in its links, or (a prerendered page) in start-app.js's list (src/web/first-paint/). */
const preloads = (body: string) => {
  const links = [...body.matchAll(/rel="modulepreload" crossorigin href="([^"]+)"/g)].map((m) => m[1])
  const deferred = /data-preload="([^"]*)"/.exec(body)?.[1]?.split(' ') ?? []
  return [...links, ...deferred]
}

describe('index.html with the page’s route modules preloaded', () => {
  test('the home page preloads its layout, its module and their shared chunk, not the entry’s own files', async () => {
    const response = await t.app.inject({ url: '/' })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toMatch(/^text\/html/)
    expect(response.headers['cache-control']).toBe('no-cache')
    expect(preloads(response.body).sort()).toEqual([
      '/assets/home-h1.js',
      '/assets/root-layout-l1.js',
      '/assets/shared-s1.js',
    ])
  })

  test('a details page preloads the details module; an unknown page the not-found one', async () => {
    const details = await t.app.inject({ url: '/browse-listing-details/8b0e5d1e?x=1' })
    expect(preloads(details.body)).toContain('/assets/details-d1.js')
    const unknown = await t.app.inject({ url: '/no-such-page' })
    expect(unknown.statusCode).toBe(200)
    expect(preloads(unknown.body)).toContain('/assets/not-found-n1.js')
  })

  test('a signed-in page preloads its session check; the inbox its first page of conversations too', async () => {
    const fetches = (body: string) => [
      ...body.matchAll(/rel="preload" as="fetch" (crossorigin[^ ]*) href="([^"]+)"/g),
    ]
    // The session check and the dashboard layout's question (whether to show Moderation) on every such page.
    const always = [
      ['crossorigin="use-credentials"', '/api/auth/get-session'],
      ['crossorigin', '/api/moderation/status'],
    ]
    const inbox = await t.app.inject({ url: '/dashboard/messages' })
    expect(fetches(inbox.body).map(([, mode, href]) => [mode, href])).toEqual([
      ...always,
      ['crossorigin', '/api/conversations'],
    ])
    // An older page of the inbox asks for another answer; a public page checks no session before it shows.
    const older = await t.app.inject({ url: '/dashboard/messages?before=12' })
    expect(fetches(older.body).map(([, mode, href]) => [mode, href])).toEqual(always)
    expect((await t.app.inject({ url: '/about' })).body).not.toContain('get-session')
    // A conversation's page preloads that conversation and its messages; an id no app would write, nothing.
    const id = '0b7f3c9e-1d2a-4c5b-8e6f-7a8b9c0d1e2f'
    const conversation = await t.app.inject({ url: `/dashboard/messages/${id}` })
    expect(fetches(conversation.body).map(([, , href]) => href)).toEqual([
      '/api/auth/get-session',
      '/api/moderation/status',
      `/api/conversations/${id}`,
      `/api/conversations/${id}/messages`,
    ])
    const odd = await t.app.inject({ url: '/dashboard/messages/%22%3E%3Cscript%3E' })
    expect(fetches(odd.body)).toHaveLength(2)
  })

  test("a page of the web app under /api (the API reference) is a page, cached as pages are, not the API's no-store", async () => {
    const page = await t.app.inject({ url: '/api/docs?tag=listings' })
    expect(page.statusCode).toBe(200)
    expect(page.headers['content-type']).toMatch(/^text\/html/)
    expect(page.headers['cache-control']).toBe('no-cache')
    const again = await t.app.inject({
      url: '/api/docs',
      headers: { 'if-none-match': page.headers.etag as string },
    })
    expect(again.statusCode).toBe(304)
    // Any other unknown path there is the API's: a JSON 404 no one keeps.
    const unknown = await t.app.inject({ url: '/api/docs-old' })
    expect(unknown.statusCode).toBe(404)
    expect(unknown.headers['cache-control']).toBe('no-store')
  })

  test('revalidation answers 304 for an unchanged page', async () => {
    const first = await t.app.inject({ url: '/' })
    const again = await t.app.inject({ url: '/', headers: { 'if-none-match': first.headers.etag as string } })
    expect(again.statusCode).toBe(304)
    expect(again.body).toBe('')
  })
})

describe('the prerendered first paint', () => {
  test('a page that has one gets it inside #root (live: no inert), and its title in place of the default one', async () => {
    const response = await t.app.inject({ url: '/' })
    expect(response.body).toContain('<div id="root"><main><h1>Welcome</h1></main></div>')
    expect(response.body).toContain('<title>Nestmate | Home</title>')
    expect(response.body).not.toContain('<title>Nestmate</title>')
  })

  test('its scripts are left to start-app.js, which requests them once the page is painted', async () => {
    const response = await t.app.inject({ url: '/' })
    expect(response.body).not.toContain('<script type="module"')
    expect(response.body).not.toContain('rel="modulepreload"')
    expect(response.body).toMatch(
      /<script src="\/start-app.js" defer data-entry="\/assets\/index-e1.js" data-preload="[^"]+"><\/script>/,
    )
  })

  test('an address with query parameters gets the page without it (its view may differ from the prerendered one)', async () => {
    const painted = await t.app.inject({ url: '/' })
    const withQuery = await t.app.inject({ url: '/?sort=newest' })
    expect(withQuery.body).toContain('<div id="root"></div>')
    expect(withQuery.body).toContain('<title>Nestmate</title>')
    expect(withQuery.body).toContain('<script type="module" crossorigin src="/assets/index-e1.js"></script>')
    expect(preloads(withQuery.body)).toEqual(preloads(painted.body))
    expect(withQuery.headers.etag).not.toBe(painted.headers.etag)
  })

  test("the API answers its loader asks for are preloaded with it, as the app's fetch() asks for them", async () => {
    const fetchPreloads = (body: string) =>
      [...body.matchAll(/<link rel="preload" as="fetch"[^>]*>/g)].map((m) => m[0])
    expect(fetchPreloads((await t.app.inject({ url: '/browse-listing' })).body)).toEqual([
      '<link rel="preload" as="fetch" crossorigin href="/api/roommate-listings">',
      '<link rel="preload" as="fetch" crossorigin href="/api/config">',
    ])
    // Another view asks for other answers; a page without `fetches` preloads none.
    expect(fetchPreloads((await t.app.inject({ url: '/browse-listing?sort=newest' })).body)).toEqual([])
    expect(fetchPreloads((await t.app.inject({ url: '/' })).body)).toEqual([
      '<link rel="preload" as="fetch" crossorigin href="/api/featured-roommates">',
      '<link rel="preload" as="fetch" crossorigin href="/api/config">',
    ])
    expect(fetchPreloads((await t.app.inject({ url: '/about' })).body)).toEqual([])
  })

  test('a page without one keeps an empty #root', async () => {
    const response = await t.app.inject({ url: '/login' })
    expect(response.body).toContain('<div id="root"></div>')
    expect(response.body).toContain('<title>Nestmate</title>')
  })
})

describe('the page table', () => {
  test('every module it names exists, and every route module in src/web/routes is a page or a layout', () => {
    const named = new Set(PAGE_MODULES.flatMap((page) => page.modules))
    expect([...named].filter((module) => !existsSync(module))).toEqual([])
    const files = readdirSync('src/web/routes', { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.tsx') && !file.endsWith('.test.tsx'))
      .map((file) => `src/web/routes/${file}`)
    expect(files.filter((file) => !named.has(file))).toEqual([])
  })

  test('an old address that redirects preloads the page it leads to; unknown dashboard paths get the layout', () => {
    const modulesFor = (pathname: string) => PAGE_MODULES.find((page) => page.pattern.test(pathname))!.modules
    expect(modulesFor('/find-rommate')).toEqual(modulesFor('/dashboard/find-rommate'))
    expect(modulesFor('/dashboard/no-such-page')).toEqual(['src/web/routes/dashboard/layout.tsx'])
    expect(modulesFor('/dashboard/my-listing/abc/')).toContain('src/web/routes/dashboard/edit-listing.tsx')
    for (const row of PAGE_ROWS.filter((page) => page.redirectTo))
      expect(PAGE_ROWS.some((page) => page.path === row.redirectTo)).toBe(true)
  })
})
