import { redirect, type LazyRouteFunction, type RouteObject } from 'react-router'
import { LAYOUTS, PAGE_ROWS, type LayoutName, type PageRow } from '#shared/pages.ts'
import { Spinner } from './components/spinner.tsx'
import { DashboardLoading } from './features/dashboard/page-outline.tsx'

// The routes come from the page table (src/shared/pages.ts). Each route module is its own chunk, loaded by React
// Router's lazy() (it exports loader, action, Component, ErrorBoundary, handle), so the home page ships only what
// it needs. The glob gives Vite every module as a dynamic import it can split and list in the build manifest.
export type LoadModule = LazyRouteFunction<RouteObject>
const MODULES = import.meta.glob<Awaited<ReturnType<LoadModule>>>([
  './routes/**/*.tsx',
  '!./routes/**/*.test.tsx',
])

export function routeModule(module: string): LoadModule {
  const load = MODULES[`./${module}`]
  if (!load) throw new Error(`The page table names ${module}, which is not in src/web/routes`)
  return load
}

function AppLoading() {
  return <Spinner label="Loading Nestmate…" className="min-h-screen" />
}

// Shown while the first page's code and data load; a lazy module can't provide it itself.
const LOADING: Record<LayoutName, RouteObject['HydrateFallback']> = {
  root: AppLoading,
  dashboard: DashboardLoading,
}

/** A page's route under its layout: the layout's own path is its index, any other path is relative to it. */
export function pageRoute(page: PageRow): RouteObject {
  const layoutPath = LAYOUTS[page.layout].path
  const where: RouteObject =
    page.path === layoutPath
      ? { index: true }
      : { path: page.path === '*' ? '*' : page.path.slice(layoutPath.length).replace(/^\//, '') }
  const { redirectTo } = page
  if (redirectTo) return { ...where, loader: () => redirect(redirectTo) }
  return { ...where, lazy: routeModule(page.module!) }
}

/** Every page under its layout; src/web/main.tsx makes the browser's router of them. */
export const routes: RouteObject[] = (['root', 'dashboard'] as const).map((name) => ({
  path: LAYOUTS[name].path,
  HydrateFallback: LOADING[name],
  lazy: routeModule(LAYOUTS[name].module),
  children: PAGE_ROWS.filter((page) => page.layout === name).map(pageRoute),
}))
