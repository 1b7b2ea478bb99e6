import { createECDH, createPublicKey, randomBytes, randomUUID, verify, type ECDH } from 'node:crypto'
import { createServer, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'
import * as ece from 'http_ece'

/** A push as the device would read it: decrypted with its keys, after its VAPID signature was checked. */
export type ReceivedPush = {
  device: string
  payload: { title: string; body: string; url: string; tag: string }
  headers: IncomingMessage['headers']
}

type Device = { id: string; ecdh: ECDH; auth: string; status: number[] }

/** A browser's subscription for POST /api/push/subscriptions, at this receiver. */
export type TestSubscription = { id: string; endpoint: string; keys: { p256dh: string; auth: string } }

/**
 * A push service inside the test: a real HTTP server on a loopback port (PUSH_TEST_ENDPOINTS) that checks each
 * push's VAPID JWT (RFC 8292: ES256 with the server's public key, `aud` the endpoint's origin, `exp` within a day,
 * `sub` a mailto: or https: address) and decrypts its payload with the device's own keys (RFC 8291, aes128gcm),
 * so the server's encryption and signature are tested, not mocked. A device answers 201 unless told otherwise.
 */
export async function startPushReceiver(vapidPublicKey: string) {
  const devices = new Map<string, Device>()
  const received: ReceivedPush[] = []
  const refused: string[] = []
  const held: ReceivedPush[] = []
  let holdAfter = Infinity
  const waiters: (() => void)[] = []
  const server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const device = devices.get(request.url?.split('/').pop() ?? '')
      if (!device) return response.writeHead(404).end()
      const problem = vapidProblem(request, vapidPublicKey, `http://${request.headers.host}`)
      if (problem) {
        refused.push(problem)
        return response.writeHead(403).end(problem)
      }
      const status = device.status.shift() ?? 201
      const decrypted = () => {
        const plain = ece.decrypt(Buffer.concat(chunks), {
          version: 'aes128gcm',
          privateKey: device.ecdh,
          authSecret: device.auth,
        })
        return { device: device.id, payload: JSON.parse(plain.toString('utf8')), headers: request.headers }
      }
      // Taken in but never answered: the sender can't know whether it arrived.
      if (status === 201 && received.length >= holdAfter) held.push(decrypted())
      else {
        if (status === 201) received.push(decrypted())
        response.writeHead(status).end()
      }
      for (const wake of waiters.splice(0)) wake()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo

  /** Waits until `done()` holds, woken by each push that comes in. */
  async function until(done: () => boolean, what: () => string, timeoutMs: number) {
    const deadline = Date.now() + timeoutMs
    while (!done()) {
      if (Date.now() > deadline) throw new Error(what())
      await new Promise<void>((resolve) => {
        waiters.push(resolve)
        setTimeout(resolve, 200)
      })
    }
  }

  return {
    received,
    refused,
    /** The pushes taken in unanswered (`holdAfter`), as the device would have read them. */
    held,
    /** Once `count` pushes have been answered, takes every later one in and never answers it (Infinity: stop). */
    holdAfter(count: number) {
      holdAfter = count
    },
    /** A new browser's subscription; `status` lists the answers its next pushes get (404, 410, 500…). */
    device(status: number[] = []): TestSubscription {
      const ecdh = createECDH('prime256v1')
      ecdh.generateKeys()
      const id = randomUUID()
      const auth = randomBytes(16).toString('base64url')
      devices.set(id, { id, ecdh, auth, status })
      return {
        id,
        endpoint: `http://127.0.0.1:${port}/push/${id}`,
        keys: { p256dh: ecdh.getPublicKey('base64url'), auth },
      }
    },
    answerNext(device: TestSubscription, ...status: number[]) {
      devices.get(device.id)!.status.push(...status)
    },
    /** Waits until `count` pushes have arrived in all. */
    async waitFor(count: number, timeoutMs = 20_000) {
      await until(
        () => received.length >= count,
        () => `${received.length} of ${count} pushes arrived`,
        timeoutMs,
      )
      return received
    },
    /** Waits until `count` pushes are held unanswered. */
    waitHeld: (count: number, timeoutMs = 20_000) =>
      until(
        () => held.length >= count,
        () => `${held.length} of ${count} pushes held`,
        timeoutMs,
      ),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}

/** What is wrong with a push's VAPID authorization (RFC 8292 §2 and §3), or undefined when it is right. */
function vapidProblem(request: IncomingMessage, expectedKey: string, origin: string): string | undefined {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(request.headers.authorization ?? '')
  if (!match) return 'no vapid authorization'
  const [, token, key] = match
  if (key !== expectedKey) return 'another key'
  const [header, claims, signature] = token!.split('.')
  const raw = Buffer.from(key, 'base64url')
  const publicKey = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: raw.subarray(1, 33).toString('base64url'),
      y: raw.subarray(33).toString('base64url'),
    },
    format: 'jwk',
  })
  const signed = verify(
    'sha256',
    Buffer.from(`${header}.${claims}`),
    { key: publicKey, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature ?? '', 'base64url'),
  )
  if (!signed) return 'bad signature'
  if (JSON.parse(Buffer.from(header!, 'base64url').toString()).alg !== 'ES256') return 'not ES256'
  const { aud, exp, sub } = JSON.parse(Buffer.from(claims!, 'base64url').toString()) as Record<
    string,
    unknown
  >
  if (aud !== origin) return `aud ${String(aud)}`
  const now = Date.now() / 1000
  if (typeof exp !== 'number' || exp <= now || exp > now + 24 * 3600) return `exp ${String(exp)}`
  if (typeof sub !== 'string' || !/^(mailto:|https:)/.test(sub)) return `sub ${String(sub)}`
  if (request.headers['content-encoding'] !== 'aes128gcm') return 'not aes128gcm'
  if (!request.headers.ttl) return 'no TTL'
  return undefined
}
