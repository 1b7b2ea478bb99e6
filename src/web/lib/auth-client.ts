import { createAuthClient } from 'better-auth/react'

// Better Auth serves under /api/auth on this same origin (docs/architecture.md §5.1).
export const authClient = createAuthClient({ basePath: '/api/auth' })

export const { useSession, signIn, signUp, signOut, updateUser, getSession } = authClient
