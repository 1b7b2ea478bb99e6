import { z } from 'zod'
import { NUL_FREE } from './text.ts'

export const PASSWORD_MIN = 6
export const PASSWORD_MAX = 128

/** The password rules, in the order and words the sign-up form shows them (docs/architecture.md §5.1). */
export const PASSWORD_RULES = [
  { test: (p: string) => p.length >= PASSWORD_MIN, message: 'Password must be at least 6 characters.' },
  { test: (p: string) => /[A-Z]/.test(p), message: 'Password must include at least one uppercase letter.' },
  { test: (p: string) => /[a-z]/.test(p), message: 'Password must include at least one lowercase letter.' },
  { test: (p: string) => p.length <= PASSWORD_MAX, message: 'Password must be at most 128 characters.' },
] as const

/** The first broken rule's message, or null when the password is acceptable. */
export function passwordError(password: string): string | null {
  return PASSWORD_RULES.find((rule) => !rule.test(password))?.message ?? null
}

export const PasswordSchema = z.string().superRefine((password, ctx) => {
  const message = passwordError(password)
  if (message) ctx.addIssue({ code: 'custom', message })
})

const photoUrl = z
  .string()
  .trim()
  .max(2000, 'Photo URL must be at most 2000 characters.')
  .refine(
    (value) => value === '' || /^https?:\/\/[^\s\0]+$/i.test(value),
    'Photo URL must start with http:// or https://.',
  )

export const NameSchema = z
  .string({ error: 'Name is required.' })
  .trim()
  .min(1, 'Name is required.')
  .max(80, 'Name must be at most 80 characters.')
  .refine(NUL_FREE.check, NUL_FREE.message('Name'))

export const SignupSchema = z.object({
  name: NameSchema,
  email: z.email({ error: 'Enter a valid email address.' }).max(254),
  photo: photoUrl.default(''),
  password: PasswordSchema,
})

export const LoginSchema = z.object({
  email: z.string().trim().min(1, 'Please enter both email and password.'),
  password: z.string().min(1, 'Please enter both email and password.'),
})

export const ProfileSchema = z.object({ name: NameSchema, photo: photoUrl.default('') })

/** The spec's POST /users record. E-mail must be the caller's own. */
export const UserRecordInputSchema = z.object({
  name: NameSchema,
  photo: photoUrl.nullish().transform((value) => value ?? ''),
  email: z.email({ error: 'Enter a valid email address.' }),
  creationTime: z.string().max(100).optional(),
  lastSignInTime: z.string().max(100).optional(),
})

export const PublicUserSchema = z.object({
  _id: z.string(),
  name: z.string(),
  photo: z.string(),
  email: z.string().optional(),
  creationTime: z.string(),
  lastSignInTime: z.string(),
})
export type PublicUser = z.infer<typeof PublicUserSchema>

export const StatsSchema = z.object({
  totalListings: z.number(),
  totalUsers: z.number(),
  myListings: z.number().optional(),
})
export type Stats = z.infer<typeof StatsSchema>

export const PublicConfigSchema = z.object({ currency: z.string(), googleSignIn: z.boolean() })
export type PublicConfig = z.infer<typeof PublicConfigSchema>
