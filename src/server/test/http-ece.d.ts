// http_ece (RFC 8188 and RFC 8291) ships no types: the one call the tests' push receiver makes.
declare module 'http_ece' {
  import type { ECDH } from 'node:crypto'
  export function decrypt(
    buffer: Buffer,
    params: { version: 'aes128gcm'; privateKey: ECDH; authSecret: string },
  ): Buffer
}
