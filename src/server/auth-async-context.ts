import type { AsyncLocalStorage } from 'node:async_hooks'

type BetterAuthGlobal = { context?: Record<string, AsyncLocalStorage<unknown> | undefined> }

// Where Better Auth keeps its AsyncLocalStorage instances (@better-auth/core's context/global), one per kind.
const GLOBAL = Symbol.for('better-auth:global')
const STORAGES = ['requestStateAsyncStorage', 'endpointContextAsyncStorage', 'adapterAsyncStorage']

/**
 * Better Auth keeps each call's context in AsyncLocalStorage. On Node 20 the first `run()` of one turns on
 * async_hooks' promise hook for the whole process, and it stays on: from the first sign-in, every promise of
 * every request paid for a hook call (docs/decisions/020-request-fixed-cost.md). Better Auth needs its context
 * only while it works, and with Nestmate's options it starts no work that outlives a handler call (no background
 * task handler, no e-mail), so the storages are switched off whenever no call is under way; the next call's
 * `run()` switches them on again.
 */
export function releasingAsyncContext<
  A extends {
    handler: (request: Request) => Promise<Response>
    api: { generateOpenAPISchema: () => Promise<unknown> }
  },
>(auth: A): A {
  let active = 0
  const release = () => {
    if (--active > 0) return
    const context = (globalThis as Record<symbol, BetterAuthGlobal | undefined>)[GLOBAL]?.context
    for (const name of STORAGES) context?.[name]?.disable()
  }
  const releasing =
    <Args extends unknown[], R>(work: (...args: Args) => Promise<R>) =>
    async (...args: Args): Promise<R> => {
      active++
      try {
        return await work(...args)
      } finally {
        release()
      }
    }
  auth.handler = releasing(auth.handler)
  // The one auth.api call Nestmate makes outside a request to Better Auth (openapi/auth-operations.ts).
  auth.api.generateOpenAPISchema = releasing(auth.api.generateOpenAPISchema)
  return auth
}
