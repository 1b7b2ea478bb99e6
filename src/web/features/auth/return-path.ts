import { PATHS } from '#shared/api.ts'
import { fromQuery, safeReturnPath } from '../../lib/require-session.ts'

/** Where to go after login or signup: the remembered page (?from=), or home. */
export function returnPath(url: string | URL): string {
  return safeReturnPath(new URL(url).searchParams.get('from')) ?? PATHS.home
}

/** Keeps the remembered page when moving between login and signup. */
export function withFrom(path: string, search: string): string {
  return `${path}${fromQuery(new URLSearchParams(search).get('from'))}`
}
