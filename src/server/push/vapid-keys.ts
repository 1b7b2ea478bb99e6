import { createECDH, hkdfSync } from 'node:crypto'
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'

/** A P-256 key pair as base64url: the public key 65 bytes uncompressed, the private 32 (web-push's format). */
export type VapidKeys = { publicKey: string; privateKey: string }

// OpenSSL drops a private key's leading zero bytes; web-push wants all 32.
const padded = (key: Buffer) => Buffer.concat([Buffer.alloc(32 - key.length), key]).toString('base64url')

function pairOf(privateKey: Buffer): VapidKeys {
  const ecdh = createECDH('prime256v1')
  ecdh.setPrivateKey(privateKey)
  return { publicKey: ecdh.getPublicKey('base64url'), privateKey: padded(ecdh.getPrivateKey()) }
}

/** Whether the public key is the private key's (a mistyped pair would sign pushes no service accepts). */
export function vapidKeysMatch(keys: VapidKeys): boolean {
  try {
    return pairOf(Buffer.from(keys.privateKey, 'base64url')).publicKey === keys.publicKey
  } catch {
    return false
  }
}

/**
 * With DATABASE_URL, processes may each have a DATA_DIR of their own, yet a device subscribed through one must
 * be pushed to by all: they share AUTH_SECRET, so the key pair is derived from it (HKDF-SHA256). A scalar outside
 * the curve's range (odds 1 in 2^32) takes the next derivation.
 */
export function derivedVapidKeys(secret: string): VapidKeys {
  for (let round = 0; ; round++) {
    const scalar = Buffer.from(hkdfSync('sha256', secret, 'nestmate', `vapid-p256:${round}`, 32))
    try {
      return pairOf(scalar)
    } catch {
      // Out of range: the next round.
    }
  }
}

/** The embedded set-up's key pair, created in DATA_DIR (mode 0600) on first start, like the auth secret. */
export function embeddedVapidKeys(dataDir: string): VapidKeys {
  const file = path.join(dataDir, 'vapid-keys.json')
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as VapidKeys
  mkdirSync(dataDir, { recursive: true, mode: 0o700 })
  const ecdh = createECDH('prime256v1')
  ecdh.generateKeys()
  const keys = { publicKey: ecdh.getPublicKey('base64url'), privateKey: padded(ecdh.getPrivateKey()) }
  writeFileSync(file, `${JSON.stringify(keys)}\n`, { mode: 0o600, flag: 'wx' })
  chmodSync(file, 0o600)
  return keys
}
