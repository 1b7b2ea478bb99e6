import { renderToString } from 'react-dom/server'
import { createStaticHandler, createStaticRouter, StaticRouterProvider, type RouteObject } from 'react-router'
import { DEFAULT_VIEW } from './features/listings/browse-api.ts'
import * as about from './routes/about.tsx'
import { BrowseLayout } from './routes/browse-listing.tsx'
import * as contact from './routes/contact.tsx'
import * as home from './routes/home.tsx'
import { Component as Layout } from './routes/root-layout.tsx'
import * as support from './routes/support.tsx'

// The first paint of the public pages that look the same to everyone, rendered at build time
// (scripts/prerender.ts) and sent inside index.html's #root (src/server/plugins/page-preloads.ts), so the
// browser paints the page before the JavaScript has loaded; src/web/main.tsx then hydrates it. Whatever depends
// on the visitor, on data or on code loaded later (the user menu, featured rooms, the browse results, the carousel)
// is an AfterHydration part, drawn here as its loading state.

/** Never settles: the featured rooms are not part of the first paint. */
const notYet = new Promise<never>(() => undefined)

function BrowseFirstPaint() {
  return <BrowseLayout view={DEFAULT_VIEW}>{null}</BrowseLayout>
}

/** The page's route under the root layout, by path (the paths of PAGES in page-preloads.ts). */
const FIRST_PAINTS: Record<string, RouteObject> = {
  '/': { index: true, Component: home.Component, loader: () => ({ featured: notYet }) },
  '/about': { path: 'about', Component: about.Component },
  '/contact': { path: 'contact', Component: contact.Component },
  '/support': { path: 'support', Component: support.Component },
  '/browse-listing': { path: 'browse-listing', Component: BrowseFirstPaint },
}

export const PRERENDERED_PATHS = Object.keys(FIRST_PAINTS)

/** `head` takes the place of index.html's <title>; `markup` goes inside #root. */
export type FirstPaint = { head: string; markup: string }

export async function renderFirstPaint(path: string): Promise<FirstPaint> {
  const page = FIRST_PAINTS[path]
  if (!page) throw new Error(`${path} has no first paint`)
  const handler = createStaticHandler([{ path: '/', Component: Layout, children: [page] }])
  const context = await handler.query(new Request(`http://nestmate.invalid${path}`))
  if (context instanceof Response) throw new Error(`${path} answered ${context.status} instead of a page`)
  if (context.errors) throw new Error(`${path} failed: ${JSON.stringify(context.errors)}`)
  const html = renderToString(
    <StaticRouterProvider
      router={createStaticRouter(handler.dataRoutes, context)}
      context={context}
      hydrate={false}
    />,
  )
  // React puts what belongs in <head> first (the page's <title>, preloads of its images).
  const head = /^(?:<link [^>]*\/>|<meta [^>]*\/>|<title>.*?<\/title>)*/.exec(html)![0]
  if (!head.includes('<title>')) throw new Error(`${path} rendered no <title>`)
  return { head, markup: html.slice(head.length) }
}
