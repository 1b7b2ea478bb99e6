import type { ApiError } from '#shared/errors.ts'

/** A failed API call, carrying the server's `{ error, issues }` answer. */
export class ApiRequestError extends Error {
  readonly status: number
  readonly issues: NonNullable<ApiError['issues']>

  constructor(status: number, body: ApiError) {
    super(body.error)
    this.name = 'ApiRequestError'
    this.status = status
    this.issues = body.issues ?? []
  }
}

type Options = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  body?: unknown
  signal?: AbortSignal
}

export type ApiResponse<T> = { data: T; headers: Headers }

/** The server's error answer, or a generic one when the body isn't one (a proxy's HTML page, say). */
async function errorBody(status: number, text: string): Promise<ApiError> {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    json = null
  }
  // The schema library loads with the first error, not with every page (decision 013).
  const parsed = await import('#shared/errors.ts').then(
    ({ ApiErrorSchema }) => ApiErrorSchema.safeParse(json),
    () => null,
  )
  return parsed?.success ? parsed.data : { error: `Request failed (${status}).` }
}

declare global {
  /** Answers a prerendered page asked for before the app had loaded (src/web/first-paint/early-cards.js). */
  var nestmateEarlyFetches: Record<string, Promise<Response>> | undefined
}

/** The page's early answer for this address, once: the app reads it instead of asking again. */
function takeEarlyResponse(path: string): Promise<Response> | undefined {
  const early = globalThis.nestmateEarlyFetches
  const response = early?.[path]
  if (response) delete early[path]
  return response
}

/**
 * Calls the Nestmate API on this origin; resolves with the answer or throws ApiRequestError. `T` is the answer's
 * type from the shared contract: the server writes every answer through its response schema, so the browser
 * doesn't parse it a second time (decision 013).
 */
export async function apiRequest<T = unknown>(path: string, options: Options = {}): Promise<ApiResponse<T>> {
  const { method = 'GET', body, signal } = options
  const hasBody = method !== 'GET' && method !== 'DELETE'
  const send = () =>
    fetch(path, {
      method,
      signal,
      credentials: 'same-origin',
      headers: hasBody ? { 'content-type': 'application/json' } : undefined,
      // Writes always carry a JSON body, even the like call whose body is empty (docs/architecture.md §5.4).
      body: hasBody ? JSON.stringify(body ?? {}) : undefined,
    })
  const early = method === 'GET' ? takeEarlyResponse(path) : undefined
  const response = await (early ? early.catch(send) : send())
  const text = await response.text()
  if (!response.ok) throw new ApiRequestError(response.status, await errorBody(response.status, text))
  return { data: (text ? JSON.parse(text) : null) as T, headers: response.headers }
}

export async function api<T = unknown>(path: string, options: Options = {}): Promise<T> {
  return (await apiRequest<T>(path, options)).data
}
