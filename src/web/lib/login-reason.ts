/**
 * Why the login page was shown. A listing card's link carries the room's title and rent as history state
 * ({ teaser }); if the details page then sends the visitor to log in, the login and signup pages name the room
 * without asking the server (which would refuse: details need a sign-in). React Router drops state on a
 * loader's redirect, so the teaser waits in sessionStorage, keyed by the page it belongs to.
 */
export type ListingTeaser = { title: string; rent?: string }
export type LoginReason = { kind: 'listing'; teaser: ListingTeaser | null }

const KEY = 'nestmate:login-teaser'
const DETAILS_PAGE = /^(?:\/dashboard)?\/browse-listing-details\/[^/?#]+/

type NavigationSource = { state: { navigation: { location?: { state: unknown } } } }
let navigations: NavigationSource | undefined

/** main.tsx hands over the router, so a loader can read the state its navigation's link carried. */
export function readNavigationsFrom(router: NavigationSource): void {
  navigations = router
}

function asTeaser(value: unknown): ListingTeaser | null {
  if (typeof value !== 'object' || value === null) return null
  const { title, rent } = value as Record<string, unknown>
  if (typeof title !== 'string' || !title || title.length > 200) return null
  return { title, rent: typeof rent === 'string' && rent.length <= 40 ? rent : undefined }
}

/** For requireSession, before it redirects `path` to log in: keeps the teaser the link carried, if any. */
export function rememberTeaserFor(path: string): void {
  const linkState = navigations?.state.navigation.location?.state
  const teaser = asTeaser((linkState as { teaser?: unknown } | null)?.teaser)
  try {
    if (teaser) sessionStorage.setItem(KEY, JSON.stringify({ path, ...teaser }))
    // Opened without one (a shared link): no other room's title may linger.
    else sessionStorage.removeItem(KEY)
  } catch {
    // Storage refused (private mode, quota): the page just gives the reason without the room.
  }
}

/** For the login and signup pages: why the visitor is asked to sign in on the way to `returnPath`. */
export function loginReason(returnPath: string): LoginReason | null {
  if (!DETAILS_PAGE.test(returnPath)) return null
  try {
    const stored = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as { path?: unknown } | null
    return { kind: 'listing', teaser: stored?.path === returnPath ? asTeaser(stored) : null }
  } catch {
    return { kind: 'listing', teaser: null }
  }
}
