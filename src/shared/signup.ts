import { z } from 'zod'
import { COMMON_PASSWORDS } from './common-passwords-list.ts'
import { NameSchema, ProfileSchema } from './user.ts'

// Sign-up's rules, shared by the sign-up page and the server. A module of its own because the list of common
// passwords is ~20 kB gzipped: only the sign-up page loads it, not every page that reads user.ts.

export const PASSWORD_MIN = 6
export const PASSWORD_MAX = 128
export const COMMON_PASSWORD_MESSAGE = 'This password is too common; choose one that is harder to guess.'

let common: Set<string> | undefined

/** Whether the password, in any letter case, is one of the most common (common-passwords-list.ts). */
export function isCommonPassword(password: string): boolean {
  common ??= new Set(COMMON_PASSWORDS.split(' '))
  return common.has(password.toLowerCase())
}

/** The spec's password rules, in the order and words it shows them (§5), then the list of common ones. */
export const PASSWORD_RULES = [
  { test: (p: string) => p.length >= PASSWORD_MIN, message: 'Password must be at least 6 characters.' },
  { test: (p: string) => /[A-Z]/.test(p), message: 'Password must include at least one uppercase letter.' },
  { test: (p: string) => /[a-z]/.test(p), message: 'Password must include at least one lowercase letter.' },
  { test: (p: string) => p.length <= PASSWORD_MAX, message: 'Password must be at most 128 characters.' },
  { test: (p: string) => !isCommonPassword(p), message: COMMON_PASSWORD_MESSAGE },
] as const

/** The first broken rule's message, or null when the password is acceptable. */
export function passwordError(password: string): string | null {
  return PASSWORD_RULES.find((rule) => !rule.test(password))?.message ?? null
}

export const PasswordSchema = z.string().superRefine((password, ctx) => {
  const message = passwordError(password)
  if (message) ctx.addIssue({ code: 'custom', message })
})

export const SignupSchema = z.object({
  name: NameSchema,
  email: z.email({ error: 'Enter a valid email address.' }).max(254),
  photo: ProfileSchema.shape.photo,
  password: PasswordSchema,
})
