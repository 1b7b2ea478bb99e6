import type { z } from 'zod'
import { ApiErrorSchema, type ApiError } from '../../shared/errors.ts'

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

type Options<T> = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  body?: unknown
  schema?: z.ZodType<T>
  signal?: AbortSignal
}

export type ApiResponse<T> = { data: T; headers: Headers }

/** Calls the Nestmate API on this origin; resolves with the parsed answer or throws ApiRequestError. */
export async function apiRequest<T = unknown>(
  path: string,
  options: Options<T> = {},
): Promise<ApiResponse<T>> {
  const { method = 'GET', body, schema, signal } = options
  const hasBody = method !== 'GET' && method !== 'DELETE'
  const response = await fetch(path, {
    method,
    signal,
    credentials: 'same-origin',
    headers: hasBody ? { 'content-type': 'application/json' } : undefined,
    // Writes always carry a JSON body, even the like call whose body is empty (DESIGN.md §5, CSRF).
    body: hasBody ? JSON.stringify(body ?? {}) : undefined,
  })
  const text = await response.text()
  const json: unknown = text ? JSON.parse(text) : null
  if (!response.ok) {
    const parsed = ApiErrorSchema.safeParse(json)
    throw new ApiRequestError(
      response.status,
      parsed.success ? parsed.data : { error: `Request failed (${response.status}).` },
    )
  }
  return { data: schema ? schema.parse(json) : (json as T), headers: response.headers }
}

export async function api<T = unknown>(path: string, options: Options<T> = {}): Promise<T> {
  return (await apiRequest(path, options)).data
}
