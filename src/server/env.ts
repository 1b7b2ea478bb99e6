import { randomBytes } from 'node:crypto'
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { isIP } from 'node:net'
import path from 'node:path'
import { z } from 'zod'
import { derivedVapidKeys, embeddedVapidKeys, vapidKeysMatch, type VapidKeys } from './push/vapid-keys.ts'

const flag = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'on', 'off'], { error: 'must be true or false' })
    .default(fallback ? 'true' : 'false')
    .transform((value) => value === 'true' || value === '1' || value === 'on')

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `must be at most ${max} characters`)
    .optional()
    .transform((value) => value || undefined)

// proxy-addr's names for the private ranges, which Fastify accepts beside addresses.
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal'])

function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true
  const [address = '', prefix, ...rest] = entry.split('/')
  const version = isIP(address)
  if (version === 0 || rest.length > 0) return false
  if (prefix === undefined) return true
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128)
}

/**
 * Never `true`: Fastify would then believe the leftmost X-Forwarded-For address, which the client writes, and
 * every per-IP limit would count whatever address the client chose. A hop count or the proxies' own addresses
 * make it take the address the nearest trusted proxy saw. Returns undefined for anything else.
 */
function trustedProxies(value: string): false | number | string | undefined {
  const trimmed = value.trim()
  if (trimmed === 'false' || trimmed === '0') return false
  if (/^\d{1,2}$/.test(trimmed)) return Number(trimmed)
  const entries = trimmed.split(',').map((entry) => entry.trim())
  return entries.every(isProxyAddress) ? entries.join(',') : undefined
}

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number({ error: 'must be a port number' }).int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  BASE_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  // Listing photos' files; several processes on one PostgreSQL share one volume here.
  PHOTOS_DIR: z
    .string()
    .min(1)
    .optional()
    .or(z.literal('').transform(() => undefined)),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  GOOGLE_DISCOVERY_URL: z.url().default('https://accounts.google.com/.well-known/openid-configuration'),
  DEMO_DATA: flag(true),
  CURRENCY: z
    .string()
    .regex(/^[A-Z]{3}$/, 'must be an ISO 4217 code such as USD')
    .refine((code) => {
      try {
        new Intl.NumberFormat('en-US', { style: 'currency', currency: code })
        return true
      } catch {
        return false
      }
    }, 'is not a currency this runtime knows')
    .default('USD'),
  // The browse map's tiles: any XYZ tile server ({z}/{x}/{y}, optionally {s} subdomains), and the credit it asks for.
  TILE_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
    .refine(
      (url) => ['{z}', '{x}', '{y}'].every((part) => url.includes(part)),
      'must contain {z}, {x} and {y}',
    )
    .default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
  TILE_ATTRIBUTION: z.string().trim().min(1).max(200).default('© OpenStreetMap contributors'),
  TILE_ATTRIBUTION_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
    .default('https://www.openstreetmap.org/copyright'),
  // How people reach the site's operator (the Contact and Support pages); each unset one shows an example.
  CONTACT_EMAIL: z
    .email({ error: 'must be an e-mail address' })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  CONTACT_PHONE: z
    .string()
    .trim()
    .regex(/^\+?[\d\s()-]{5,30}$/, 'must be a phone number: digits, spaces, +, -, ( and ), at most 30')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  CONTACT_HOURS: optionalText(120),
  CONTACT_OFFICE: optionalText(120),
  // Behind a load balancer: how many proxies, or which, may tell the client's address (X-Forwarded-For).
  TRUST_PROXY: z
    .string()
    .default('false')
    .refine((value) => value.trim() !== 'true', {
      error:
        'is true, which lets any client choose its IP; set the number of proxies in front of Nestmate (TRUST_PROXY=1) or their addresses (TRUST_PROXY=10.0.0.0/8)',
    })
    .transform((value, ctx) => {
      const trusted = trustedProxies(value)
      if (trusted === undefined) {
        ctx.addIssue({
          code: 'custom',
          message: 'must be false, a number of proxies, or IP addresses and CIDR ranges separated by commas',
        })
        return z.NEVER
      }
      return trusted
    }),
  // Mail (verification, password reset): an SMTP server, or without one .eml files in DATA_DIR/mail.
  SMTP_URL: z
    .url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  MAIL_FROM: z
    .string()
    .trim()
    .regex(/^[^\r\n<>]*<[^\s@<>]+@[^\s@<>]+>$|^[^\s@<>]+@[^\s@<>]+$/, {
      error: 'must be an address, or a name and <address>',
    })
    .optional(),
  // Moderators: these people's accounts see the Moderation page and may call /api/moderation/* (comma-separated).
  ADMIN_EMAILS: z
    .string()
    .default('')
    .transform((value, ctx) => {
      const emails = value
        .split(',')
        .map((email) => email.trim().toLowerCase())
        .filter(Boolean)
      for (const email of emails)
        if (!z.email().safeParse(email).success) {
          ctx.addIssue({ code: 'custom', message: `must be e-mail addresses separated by commas (${email})` })
          return z.NEVER
        }
      return emails
    }),
  // Web Push (VAPID, RFC 8292): the key pair as base64url (`npx web-push generate-vapid-keys`) and whom push services
  // may contact. Without keys they are generated into DATA_DIR, or with DATABASE_URL derived from AUTH_SECRET.
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{87}$/, 'must be a P-256 public key, 65 bytes as base64url')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, 'must be a P-256 private key, 32 bytes as base64url')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  VAPID_SUBJECT: z
    .url({ protocol: /^(https|mailto)$/, error: 'must be an https: URL or a mailto: address' })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  // Tests only (NODE_ENV=test): also accept push endpoints at http: loopback addresses, so a test can receive pushes.
  PUSH_TEST_ENDPOINTS: flag(false),
  // false: this process works no background jobs (it still queues them); another process must work them.
  JOBS: flag(true),
  // An instant saved-search alert waits this long after its first new room, so a burst of rooms makes one mail.
  ALERT_WINDOW_SECONDS: z.coerce
    .number({ error: 'must be a number of seconds from 1 to 3600' })
    .int({ error: 'must be a whole number of seconds from 1 to 3600' })
    .min(1, { error: 'must be a number of seconds from 1 to 3600' })
    .max(3600, { error: 'must be a number of seconds from 1 to 3600' })
    .default(60),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // Tests only: "off" disables the per-IP and per-user limits; "fast" lowers the argon2 cost.
  RATE_LIMITS: flag(true),
  PASSWORD_HASH: z.enum(['strong', 'fast']).default('strong'),
})

export class ConfigError extends Error {}

/** Reads the one secret the embedded set-up needs, creating it (mode 0600) on first start. */
function embeddedSecret(dataDir: string): string {
  const file = path.join(dataDir, 'auth-secret')
  if (existsSync(file)) return readFileSync(file, 'utf8').trim()
  mkdirSync(dataDir, { recursive: true, mode: 0o700 })
  const secret = randomBytes(32).toString('base64url')
  writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' })
  chmodSync(file, 0o600)
  return secret
}

/** The address alone of `Name <address>`. */
function mailAddress(from: string): string {
  return /<([^>]+)>$/.exec(from)?.[1] ?? from
}

/** VAPID keys from the environment, else DATA_DIR's (embedded) or AUTH_SECRET's (DATABASE_URL): decision 099. */
function vapidKeys(
  env: { VAPID_PUBLIC_KEY?: string; VAPID_PRIVATE_KEY?: string; DATABASE_URL?: string; AUTH_SECRET?: string },
  dataDir: string,
  ctx: z.RefinementCtx,
): VapidKeys {
  if (env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY) {
    const keys = { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY }
    if (!vapidKeysMatch(keys))
      ctx.addIssue({
        code: 'custom',
        path: ['VAPID_PUBLIC_KEY'],
        message: 'is not the public key of VAPID_PRIVATE_KEY',
      })
    return keys
  }
  if (env.DATABASE_URL && env.AUTH_SECRET) return derivedVapidKeys(env.AUTH_SECRET)
  return embeddedVapidKeys(dataDir)
}

/**
 * The server's configuration is the environment's variables, checked by EnvSchema above and shaped here: `Config`
 * is inferred from this, so it is never written out apart. To add a variable: its check and default in EnvSchema,
 * its line below (under the name the code reads), and its row in the README's configuration table
 * (`scripts/check-docs.ts` fails on a variable the table lacks). Tests set variables by the same names
 * (`testConfig` in src/server/test/app.ts), so nothing else needs to know of it.
 */
const ConfigSchema = EnvSchema.transform((env, ctx) => {
  if (env.DATABASE_URL && !env.AUTH_SECRET) {
    ctx.addIssue({ code: 'custom', path: ['AUTH_SECRET'], message: 'is required when DATABASE_URL is set' })
    return z.NEVER
  }
  if (Boolean(env.GOOGLE_CLIENT_ID) !== Boolean(env.GOOGLE_CLIENT_SECRET)) {
    ctx.addIssue({
      code: 'custom',
      message: 'set both GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET, or neither',
    })
    return z.NEVER
  }
  if (Boolean(env.VAPID_PUBLIC_KEY) !== Boolean(env.VAPID_PRIVATE_KEY)) {
    ctx.addIssue({ code: 'custom', message: 'set both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, or neither' })
    return z.NEVER
  }
  if (env.PUSH_TEST_ENDPOINTS && env.NODE_ENV !== 'test') {
    ctx.addIssue({
      code: 'custom',
      path: ['PUSH_TEST_ENDPOINTS'],
      message: 'is for tests only (NODE_ENV=test)',
    })
    return z.NEVER
  }
  const dataDir = path.resolve(env.DATA_DIR)
  const baseUrl = (env.BASE_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '')
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    baseUrl,
    /**
     * The origins a browser may write from: BASE_URL's; with BASE_URL left at its default, every spelling of the
     * loopback address on PORT, since a person may as well open http://127.0.0.1:3000 as localhost.
     */
    siteOrigins: env.BASE_URL
      ? [new URL(baseUrl).origin]
      : ['localhost', '127.0.0.1', '[::1]'].map((host) => `http://${host}:${env.PORT}`),
    dataDir,
    /** Listing photos' files (default DATA_DIR/photos): shared by every process of one site. */
    photosDir: path.resolve(env.PHOTOS_DIR ?? path.join(dataDir, 'photos')),
    databaseUrl: env.DATABASE_URL,
    // Only when the environment gives none: the embedded set-up's secret, created in DATA_DIR on first start.
    authSecret: env.AUTH_SECRET ?? embeddedSecret(dataDir),
    google:
      env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
        ? {
            clientId: env.GOOGLE_CLIENT_ID,
            clientSecret: env.GOOGLE_CLIENT_SECRET,
            discoveryUrl: env.GOOGLE_DISCOVERY_URL,
          }
        : undefined,
    /** Where mail goes: an SMTP server, or (undefined) .eml files in DATA_DIR/mail with their links logged. */
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM ?? `Nestmate <no-reply@${new URL(baseUrl).hostname}>`,
    demoData: env.DEMO_DATA,
    /** Web Push: the VAPID identity (decision 099) and whether http: loopback endpoints are allowed (tests). */
    push: {
      vapid: vapidKeys(env, dataDir, ctx),
      subject:
        env.VAPID_SUBJECT ??
        `mailto:${mailAddress(env.MAIL_FROM ?? `no-reply@${new URL(baseUrl).hostname}`)}`,
      testEndpoints: env.PUSH_TEST_ENDPOINTS,
    },
    /** Moderators' addresses, lower-case. */
    adminEmails: env.ADMIN_EMAILS,
    jobs: env.JOBS,
    /** How long an instant saved-search alert collects rooms after its first (decision 102). */
    alertWindowMs: env.ALERT_WINDOW_SECONDS * 1000,
    currency: env.CURRENCY,
    /** The map's tile server (an XYZ URL template) and its credit, as text and a link. */
    tiles: { url: env.TILE_URL, attribution: env.TILE_ATTRIBUTION, attributionUrl: env.TILE_ATTRIBUTION_URL },
    contact: {
      email: env.CONTACT_EMAIL ?? null,
      phone: env.CONTACT_PHONE ?? null,
      hours: env.CONTACT_HOURS ?? null,
      office: env.CONTACT_OFFICE ?? null,
    },
    logLevel: env.LOG_LEVEL,
    /** Fastify's trustProxy: false, a hop count, or the proxies' addresses and ranges (comma-separated). */
    trustProxy: env.TRUST_PROXY,
    rateLimits: env.RATE_LIMITS,
    passwordHash: env.PASSWORD_HASH,
  }
})

export type Config = z.output<typeof ConfigSchema>

/** Every variable the server reads, by name. */
export const ENV_VARIABLES = Object.keys(EnvSchema.shape) as (keyof z.input<typeof EnvSchema>)[]

/** The variables by their names in the README's table, as text: what a test or a server process is given. */
export type EnvVariables = { [Name in keyof z.input<typeof EnvSchema>]?: string }

/** Parses the environment once; the only reader of process.env (docs/architecture.md §6). */
export function loadConfig(source: NodeJS.ProcessEnv | EnvVariables = process.env): Config {
  const result = ConfigSchema.safeParse(source)
  if (!result.success) {
    const issue = result.error.issues[0]!
    const line = [issue.path.join('.'), issue.message].filter(Boolean).join(' ')
    throw new ConfigError(`Invalid configuration: ${line}.`)
  }
  return result.data
}
