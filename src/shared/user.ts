import { z } from 'zod'
import { PLAIN_TEXT } from './text.ts'

const photoUrl = z
  .string()
  .trim()
  .max(2000, 'Photo URL must be at most 2000 characters.')
  .refine(
    (value) => value === '' || /^https?:\/\/[^\s\0]+$/i.test(value),
    'Photo URL must start with http:// or https://.',
  )

export const NAME_MAX = 80

export const NameSchema = z
  .string({ error: 'Name is required.' })
  .trim()
  .min(1, 'Name is required.')
  .max(NAME_MAX, 'Name must be at most 80 characters.')
  // Names are shown to others and greet people in Nestmate's mail: one plain line.
  .refine(PLAIN_TEXT.check, PLAIN_TEXT.message('Name'))

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

export const PublicConfigSchema = z.object({
  currency: z.string(),
  googleSignIn: z.boolean(),
  /** The browse map's tile server (an XYZ URL template) and the credit it asks for. */
  tiles: z.object({ url: z.string(), attribution: z.string(), attributionUrl: z.string() }),
  /** How to reach the site's operator (Contact and Support); null where the operator hasn't set it. */
  contact: z.object({
    email: z.string().nullable(),
    phone: z.string().nullable(),
    hours: z.string().nullable(),
    office: z.string().nullable(),
  }),
})
export type PublicConfig = z.infer<typeof PublicConfigSchema>
