import { createAuthClient } from 'better-auth/react'

// Better Auth serves under /api/auth on this same origin (DESIGN.md §5).
export const authClient = createAuthClient({ basePath: '/api/auth' })

export const { useSession, signIn, signUp, signOut, updateUser, getSession } = authClient
