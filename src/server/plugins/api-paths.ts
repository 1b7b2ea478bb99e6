import { PAGE_ROWS } from '#shared/pages.ts'

const BASE = 'http://nestmate.invalid'

/** The pages the page table puts under /api (the API reference): the web app's, not the API's. */
const API_PAGES = new Set(PAGE_ROWS.filter((page) => page.path.startsWith('/api/')).map((page) => page.path))

/** The path of a request's URL, as the web app reads it (without its query). */
export function pathnameOf(url: string): string {
  return URL.canParse(url, BASE) ? new URL(url, BASE).pathname : (url.split('?')[0] ?? url)
}

/**
 * Whether a path belongs to the API: under /api, except the web app's own pages there. The web app answers those
 * with index.html (plugins/web-app.ts), and the API's rules, such as no-store (plugins/cache-control.ts), are not
 * theirs.
 */
export function isApiPath(pathname: string): boolean {
  return (pathname.startsWith('/api/') || pathname === '/api') && !API_PAGES.has(pathname)
}
