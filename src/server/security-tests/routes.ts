import type { FastifyInstance } from 'fastify'
import type { Auth } from '../auth.ts'
import { routeAuthDeclarations } from '../plugins/route-auth.ts'

/**
 * Every API route the app has registered, as "METHOD /path" (HEAD left out: Fastify adds it to each GET).
 * Read from printRoutes() (the radix tree, whose nodes concatenate into paths), so a route added anywhere shows up here without anyone remembering to list it.
 */
export function registeredApiRoutes(app: FastifyInstance): string[] {
  const routes = new Set<string>()
  const stack: string[] = []
  for (const line of app.printRoutes().split('\n')) {
    const match = /^([│├└─\s]*)(\S.*?)(?: \(([^)]*)\))?$/u.exec(line)
    if (!match) continue
    const depth = match[1]!.length / 4
    stack.length = depth
    const path = (stack.at(-1) ?? '') + match[2]
    stack.push(path)
    if (!path.startsWith('/api/') || !match[3]) continue
    for (const method of match[3].split(', ')) if (method !== 'HEAD') routes.add(`${method} ${path}`)
  }
  return [...routes].sort()
}

/** API routes registered with no `config: { auth }`: each must say who may call it. */
export function undeclaredApiRoutes(app: FastifyInstance): string[] {
  const declared = routeAuthDeclarations(app)
  return registeredApiRoutes(app).filter((route) => declared.get(route) === undefined)
}

type Endpoint = {
  path?: string
  options?: { method?: string | string[]; metadata?: { SERVER_ONLY?: boolean } }
}

/**
 * Every route Better Auth serves under /api/auth (behind the app's one wildcard route), as "METHOD /path": its
 * endpoints as it lists them itself (`auth.api`), less those only the server may call and the paths the app
 * turned off (`disabledPaths`).
 */
export function servedAuthRoutes(auth: Auth): string[] {
  const disabled = new Set(auth.options.disabledPaths ?? [])
  return Object.values(auth.api as Record<string, Endpoint>)
    .filter(({ path, options }) => path && !options?.metadata?.SERVER_ONLY && !disabled.has(path))
    .flatMap(({ path, options }) =>
      [options?.method ?? []].flat().map((method) => `${method} /api/auth${path!}`),
    )
    .sort()
}
