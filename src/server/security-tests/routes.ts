import type { FastifyInstance } from 'fastify'
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
