import type { Auth } from '../auth.ts'

/** The value of the first cookie called `name`, URL-decoded as Better Auth reads it. */
export function readCookie(header: string | undefined, name: string): string | null {
  if (!header) return null
  for (const part of header.split(';')) {
    const eq = part.indexOf('=')
    if (eq === -1 || part.slice(0, eq).trim() !== name) continue
    let value = part.slice(eq + 1).trim()
    if (value.startsWith('"')) value = value.slice(1, -1)
    try {
      return value.includes('%') ? decodeURIComponent(value) : value
    } catch {
      return value
    }
  }
  return null
}

/**
 * Reads Better Auth's signed session cookie (`<token>.<base64 HMAC-SHA256>`, better-call's format): `value` gives
 * the cookie as sent, `verify` the token only when the signature is right, so a forged cookie never reaches the
 * database.
 */
export async function sessionCookie(auth: Auth) {
  const context = await auth.$context
  const name = context.authCookies.sessionToken.name
  const key = await crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(context.secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['verify'],
  )
  return {
    value: (cookieHeader: string | undefined) => readCookie(cookieHeader, name),
    async verify(value: string): Promise<string | null> {
      const dot = value.lastIndexOf('.')
      if (dot < 1) return null
      const token = value.slice(0, dot)
      const signature = value.slice(dot + 1)
      if (signature.length !== 44 || !signature.endsWith('=')) return null
      const valid = await crypto.subtle.verify(
        'HMAC',
        key,
        Buffer.from(signature, 'base64'),
        new TextEncoder().encode(token),
      )
      return valid ? token : null
    },
  }
}
