import type { ComponentType } from 'react'
import { renderToString } from 'react-dom/server'
import {
  createStaticHandler,
  createStaticRouter,
  StaticRouter,
  StaticRouterProvider,
  type RouteObject,
} from 'react-router'
import { LAYOUTS, PAGE_ROWS } from '#shared/pages.ts'
import { pageRoute, routeModule, type LoadModule } from '../router.tsx'

// The first paint of the pages the page table (src/shared/pages.ts) prerenders, rendered at build time
// (scripts/prerender.ts) and sent inside index.html's #root (src/server/first-paint/page-html.ts), so the
// browser paints the page before the JavaScript has loaded; ./hydration.ts then hydrates it. Whatever depends
// on the visitor, on data or on code loaded later (the user menu, featured rooms, the browse results, the carousel)
// is an AfterHydration part, drawn here as its loading state.

/**
 * What a prerendered route module may export besides its route: the component and loader data to draw at build
 * time, where they differ from the browser's (no data has loaded yet), and `templates`, drawn after the app's root
 * for src/web/first-paint/early-cards.js (the page's listing cards before the app has loaded, decision 036).
 */
export type FirstPaintExports = {
  firstPaint?: { Component?: ComponentType; loader?: () => unknown; templates?: ComponentType }
}

export const PRERENDERED_PATHS = PAGE_ROWS.filter((page) => page.prerender).map((page) => page.path)

/** `head` takes the place of index.html's <title>; `markup` goes inside #root, `templates` after it. */
export type FirstPaint = { head: string; markup: string; templates?: string }

async function staticRoutes(path: string): Promise<{ routes: RouteObject[]; templates?: ComponentType }> {
  const page = PAGE_ROWS.find((row) => row.prerender && row.path === path)
  if (!page) throw new Error(`${path} has no first paint`)
  const layout = await routeModule(LAYOUTS[page.layout].module)()
  const module = (await routeModule(page.module!)()) as Awaited<ReturnType<LoadModule>> & FirstPaintExports
  const { lazy: _lazy, ...where } = pageRoute(page)
  const route = {
    ...where,
    Component: module.firstPaint?.Component ?? module.Component,
    loader: module.firstPaint?.loader,
  } as RouteObject
  return {
    routes: [{ path: LAYOUTS[page.layout].path, Component: layout.Component, children: [route] }],
    templates: module.firstPaint?.templates,
  }
}

export async function renderFirstPaint(path: string): Promise<FirstPaint> {
  const { routes, templates: Templates } = await staticRoutes(path)
  const handler = createStaticHandler(routes)
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
  const markup = html.slice(head.length)
  if (!Templates) return { head, markup }
  const templates = renderToString(
    <StaticRouter location={path}>
      <Templates />
    </StaticRouter>,
  )
  return { head, markup, templates }
}
