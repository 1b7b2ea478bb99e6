export type Outcome = { ok: true } | { ok: false; message: string; code?: string; status?: number }

export const OFFLINE_MESSAGE = 'Could not reach Nestmate. Check your connection and try again.'

/** Better Auth's client answers errors as values and throws on a network failure: both become one Outcome. */
export async function attempt(
  call: () => Promise<{ error: { message?: string; code?: string; status?: number } | null }>,
  fallback: string,
): Promise<Outcome> {
  try {
    const { error } = await call()
    if (!error) return { ok: true }
    // Better Auth's refusals carry `message`; the server's own, before Better Auth (a write from another address),
    // carry the API's `error`: either says more than the fallback.
    const { error: apiError } = error as { error?: unknown }
    const message = error.message || (typeof apiError === 'string' ? apiError : '') || fallback
    return { ok: false, message, code: error.code, status: error.status }
  } catch {
    return { ok: false, message: OFFLINE_MESSAGE }
  }
}
