import { redirect, replace } from 'react-router'
import { PATHS } from '#shared/api.ts'
import { ApiRequestError } from './api.ts'
import { authClient, getSession } from './auth-client.ts'
import { rememberTeaserFor } from './login-reason.ts'

type SessionData = NonNullable<Awaited<ReturnType<typeof getSession>>['data']>
export type SessionUser = SessionData['user']

let inFlight: Promise<SessionData | null> | undefined

/**
 * A check the server couldn't answer (429 when many check at once, 503 while it restarts, the network gone) says
 * nothing about the session: signed out is a 200 with no session. What this tab already knows stands (Better Auth's
 * session store keeps it through such errors too); knowing nothing, the page shows the error and Retry.
 */
function unanswered(error: { status?: number; message?: string }): SessionData | null {
  const known = (authClient.$store.atoms.session?.get() as { data?: SessionData | null } | undefined)?.data
  if (known) return known
  throw new ApiRequestError(error.status ?? 0, {
    error: error.message || 'Your sign-in could not be checked.',
  })
}

// A dashboard page runs its layout's loader and its own at once; one request serves both.
function loadSession(): Promise<SessionData | null> {
  inFlight ??= getSession()
    .then(({ data, error }) => (error ? unanswered(error) : (data ?? null)))
    .finally(() => {
      inFlight = undefined
    })
  return inFlight
}

// Control characters and backslashes, raw or percent-encoded any number of times (%09, %2509, %5C): URL parsers
// drop tabs and newlines and read "\" as "/", so "/%09/evil.example" can end up as "//evil.example". A slash
// encoded right after the first one makes a protocol-relative address once decoded.
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const UNSAFE_IN_PATH = /[\u0000-\u001f\u007f-\u009f\\]|%(?:25)*(?:[01][0-9a-f]|7f|5c)|^\/%(?:25)*2f/i
const ORIGIN = 'http://return-path.invalid'

/** Only same-origin paths ("/x", never "//host", "/\host" or "/%09/host") may be returned to after login. */
export function safeReturnPath(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || UNSAFE_IN_PATH.test(value)) return null
  // Dot segments resolve too: "/..//evil.example" is "//evil.example" to a router.
  const resolved = new URL(value, ORIGIN)
  return resolved.origin === ORIGIN && !resolved.pathname.startsWith('//') ? value : null
}

/** `?from=<path>` for the login and signup pages; slashes stay readable (/login?from=/dashboard/my-listing). */
export function fromQuery(path: string | null): string {
  const from = safeReturnPath(path)
  return from && from !== PATHS.home ? `?from=${encodeURIComponent(from).replaceAll('%2F', '/')}` : ''
}

/** The login page's address that brings the visitor back to `path` afterwards. */
export function loginPath(path: string | null): string {
  return `${PATHS.login}${fromQuery(path)}`
}

/** For loaders of signed-in pages: the session's user, or a redirect to /login that remembers this page. */
export async function requireSession(request: Request): Promise<SessionUser> {
  const session = await loadSession()
  if (!session) {
    const url = new URL(request.url)
    const here = url.pathname + url.search
    // Opened directly (the address bar already shows this page): the login page takes its place in history, so
    // Back after signing in doesn't return to a page that only sends people to log in. From a link inside the
    // app, this page was never entered, and the login page is the next entry.
    const isOpenedDirectly = window.location.pathname + window.location.search === here
    rememberTeaserFor(here)
    throw (isOpenedDirectly ? replace : redirect)(loginPath(here))
  }
  return session.user
}

/**
 * For loaders of signed-in pages: the page's own requests (`load`) start beside the session check instead of after
 * it, one round trip less before the page shows (issue 41, finding 15). Signed out, the redirect wins and what
 * `load` answered (a 401) is dropped.
 */
export async function withSession<T>(request: Request, load: () => Promise<T>): Promise<T> {
  const loading = load()
  loading.catch(() => {})
  await requireSession(request)
  return loading
}

/** For the login and signup pages' loaders: someone already signed in goes on to where they were headed. */
export async function skipIfSignedIn(to: string): Promise<void> {
  if (await loadSession().catch(() => null)) throw redirect(to)
}
