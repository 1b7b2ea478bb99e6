import { z } from 'zod'

/** What a device can be told of (docs/api.md, Push): new messages, viewings, instant saved-search alerts. */
export const PUSH_KINDS = ['messages', 'viewings', 'alerts'] as const
export type PushKind = (typeof PUSH_KINDS)[number]

/** A person's devices that receive pushes, at most this many (a browser profile is one device). */
export const PUSH_DEVICES_MAX = 20

const Kinds = z
  .array(z.enum(PUSH_KINDS, { error: `Each kind must be one of ${PUSH_KINDS.join(', ')}.` }))
  .max(PUSH_KINDS.length)
  .transform((kinds) => PUSH_KINDS.filter((kind) => kinds.includes(kind)))

// A P-256 public key (65 bytes uncompressed: 87 characters) and a 16-byte secret (22), base64url as
// PushSubscription.toJSON writes them; a pattern alone, so the published document says it exactly.
const P256DH = z.string().regex(/^[A-Za-z0-9_-]{87}=?$/, 'keys.p256dh must be 65 bytes as base64url.')
const AUTH = z.string().regex(/^[A-Za-z0-9_-]{22}(==)?$/, 'keys.auth must be 16 bytes as base64url.')

export const NewPushSubscriptionSchema = z.object({
  endpoint: z.string().trim().min(1, 'The endpoint is required.').max(2000, 'The endpoint is too long.'),
  keys: z.object({ p256dh: P256DH, auth: AUTH }),
  kinds: Kinds.default([...PUSH_KINDS]),
})
export type NewPushSubscription = z.input<typeof NewPushSubscriptionSchema>

export const PushSubscriptionChangeSchema = z.object({ kinds: Kinds })

export const PushSubscriptionParamsSchema = z.object({ id: z.uuid({ error: 'Malformed subscription id.' }) })

/** A device as its owner sees it: which browser, since when, last pushed to, what it is told. */
export const PushSubscriptionSchema = z.object({
  _id: z.uuid(),
  endpoint: z.string(),
  device: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  kinds: z.array(z.enum(PUSH_KINDS)),
})
export type PushSubscriptionAnswer = z.infer<typeof PushSubscriptionSchema>

export const PushSubscriptionResultSchema = z.object({ subscription: PushSubscriptionSchema })

export const PushPublicKeySchema = z.object({ publicKey: z.string() })
