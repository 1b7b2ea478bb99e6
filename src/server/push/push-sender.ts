import { createHash } from 'node:crypto'
import http from 'node:http'
import https from 'node:https'
import webPush from 'web-push'
import type { Config } from '../env.ts'
import { checkEndpoint, EndpointRefused } from './endpoint-address.ts'

/** One push waiting in the outbox, with its device's keys. */
export type OutgoingPush = {
  endpoint: string
  p256dh: string
  auth: string
  eventKey: string
  title: string
  body: string
  url: string
}

/** `sent`: the push service took it. `gone`: the subscription is no more (404, 410) or unusable. `failed`: try later. */
export type PushOutcome = 'sent' | 'gone' | 'failed'

// A push that can't be delivered within a day is no longer news.
const TTL_SECONDS = 24 * 60 * 60
const TIMEOUT_MS = 10_000
// A VAPID token is good for 12 hours and signed anew after one: RFC 8292 lets a server reuse it, and signing one
// a push cost a quarter of a 1,000-device event's CPU (docs/benchmarks.md, Push).
const TOKEN_LIFE_S = 12 * 60 * 60
const TOKEN_REUSE_S = 60 * 60

/** The `Authorization` header for a push service's origin, signed at most once an hour per origin. */
function createVapidTokens(vapid: { subject: string; publicKey: string; privateKey: string }) {
  const tokens = new Map<string, { authorization: string; renewAt: number }>()
  return (audience: string) => {
    const now = Math.floor(Date.now() / 1000)
    const kept = tokens.get(audience)
    if (kept && kept.renewAt > now) return kept.authorization
    const { Authorization } = webPush.getVapidHeaders(
      audience,
      vapid.subject,
      vapid.publicKey,
      vapid.privateKey,
      'aes128gcm',
      now + TOKEN_LIFE_S,
    )
    tokens.set(audience, { authorization: Authorization, renewAt: now + TOKEN_REUSE_S })
    return Authorization
  }
}

/**
 * Sends one push as RFC 8030 says, encrypted (RFC 8291, aes128gcm) by web-push's `generateRequestDetails` and
 * signed (VAPID, RFC 8292) by its `getVapidHeaders`; the request itself is ours, to the address `checkEndpoint` resolved and allowed just
 * now (a host's DNS can change after it was subscribed). `Topic` is the event's: a copy sent again after a crash
 * replaces the first at the push service if that one still waits there, and `tag` does it on the device.
 */
export function createPushSender(push: Config['push']) {
  const vapidToken = createVapidTokens({ subject: push.subject, ...push.vapid })
  return async function sendPush(item: OutgoingPush): Promise<PushOutcome> {
    let target
    try {
      target = await checkEndpoint(item.endpoint, push.testEndpoints)
    } catch (error) {
      if (error instanceof EndpointRefused) return error.temporary ? 'failed' : 'gone'
      throw error
    }
    const payload = JSON.stringify({ title: item.title, body: item.body, url: item.url, tag: item.eventKey })
    const details = webPush.generateRequestDetails(
      { endpoint: item.endpoint, keys: { p256dh: item.p256dh, auth: item.auth } },
      payload,
      {
        headers: { Authorization: vapidToken(target.url.origin) },
        TTL: TTL_SECONDS,
        contentEncoding: 'aes128gcm',
        urgency: 'high',
        topic: createHash('sha256').update(item.eventKey).digest('base64url').slice(0, 32),
      },
    )
    const status = await post(target, details.headers, details.body!)
    if (status >= 200 && status < 300) return 'sent'
    if (status === 404 || status === 410) return 'gone'
    return 'failed'
  }
}

/** POSTs to the checked address (TLS still verifies the endpoint's host name); answers the status, 0 if none came. */
function post(
  target: Awaited<ReturnType<typeof checkEndpoint>>,
  headers: Record<string, string | number>,
  body: Buffer,
): Promise<number> {
  const client = target.url.protocol === 'https:' ? https : http
  return new Promise((resolve) => {
    const request = client.request(
      target.url,
      {
        method: 'POST',
        headers: { ...headers, 'Content-Length': body.length },
        timeout: TIMEOUT_MS,
        lookup: (_host, options, callback) => {
          if ((options as { all?: boolean }).all)
            (callback as (e: null, a: { address: string; family: number }[]) => void)(null, [
              { address: target.address, family: target.family },
            ])
          else callback(null, target.address, target.family)
        },
      },
      (response) => {
        response.resume()
        response.on('end', () => resolve(response.statusCode ?? 0))
        response.on('error', () => resolve(0))
      },
    )
    request.on('timeout', () => request.destroy(new Error('timed out')))
    request.on('error', () => resolve(0))
    request.end(body)
  })
}
