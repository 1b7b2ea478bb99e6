import { afterAll, beforeAll, expect, test } from 'vitest'
import { API } from '#shared/api.ts'
import { injectAs, signUp, TEST_ENV, useTestApp, type TestUser } from '../../test/app.ts'
import { startPushReceiver } from '../../test/push-receiver.ts'
import { checkEndpoint } from '../../push/endpoint-address.ts'

// The push API (docs/api.md, Push): a person's devices, theirs alone; endpoints Nestmate may call, and no other.

const t = useTestApp({ PUSH_TEST_ENDPOINTS: 'true' })
let receiver: Awaited<ReturnType<typeof startPushReceiver>>
beforeAll(async () => (receiver = await startPushReceiver(TEST_ENV.VAPID_PUBLIC_KEY)))
afterAll(() => receiver.close())

const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Mobile Safari/537.36'
const subscribe = (user: TestUser | null, payload: object, userAgent = ANDROID_CHROME) =>
  injectAs(t.app, user, {
    method: 'POST',
    url: API.pushSubscriptions,
    payload,
    headers: { 'user-agent': userAgent },
  })

test('the public key is the server VAPID key, the same for everyone and cacheable', async () => {
  const response = await injectAs(t.app, null, { method: 'GET', url: API.pushPublicKey })
  expect(response.statusCode).toBe(200)
  expect(response.json()).toEqual({ publicKey: TEST_ENV.VAPID_PUBLIC_KEY })
  expect(response.headers['cache-control']).toBe('public, max-age=3600')
})

test('a person subscribes a device, sees it, picks its kinds and removes it; nobody else can', async () => {
  const [me, other] = [await signUp(t.app), await signUp(t.app)]
  const device = receiver.device()
  expect((await subscribe(null, device)).statusCode).toBe(401)
  const created = await subscribe(me, { ...device, kinds: ['alerts', 'messages'] })
  expect(created.statusCode).toBe(201)
  const { subscription } = created.json<{ subscription: { _id: string } }>()
  expect(subscription).toMatchObject({
    endpoint: device.endpoint,
    device: 'Chrome on Android',
    lastUsedAt: null,
    kinds: ['messages', 'alerts'],
  })
  // The same browser subscribing again renews the same device.
  const again = await subscribe(me, { ...device, kinds: ['messages'] })
  expect(again.json<{ subscription: { _id: string } }>().subscription._id).toBe(subscription._id)
  const mine = await injectAs(t.app, me, { method: 'GET', url: API.pushSubscriptions })
  expect(mine.json()).toEqual([expect.objectContaining({ _id: subscription._id, kinds: ['messages'] })])
  expect((await injectAs(t.app, other, { method: 'GET', url: API.pushSubscriptions })).json()).toEqual([])

  const url = API.pushSubscription(subscription._id)
  const patch = (user: TestUser, kinds: string[]) =>
    injectAs(t.app, user, { method: 'PATCH', url, payload: { kinds } })
  expect((await patch(other, ['alerts'])).statusCode).toBe(404)
  expect((await injectAs(t.app, other, { method: 'DELETE', url })).statusCode).toBe(404)
  const changed = await patch(me, ['viewings', 'messages'])
  expect(changed.json<{ subscription: { kinds: string[] } }>().subscription.kinds).toEqual([
    'messages',
    'viewings',
  ])
  expect((await patch(me, ['everything'])).statusCode).toBe(400)
  expect((await injectAs(t.app, me, { method: 'DELETE', url })).statusCode).toBe(200)
  expect((await injectAs(t.app, me, { method: 'DELETE', url })).statusCode).toBe(404)
})

test('a browser subscribed by someone else moves to the person who subscribes it now', async () => {
  const [first, second] = [await signUp(t.app), await signUp(t.app)]
  const device = receiver.device()
  await subscribe(first, device)
  expect((await subscribe(second, device)).statusCode).toBe(201)
  expect((await injectAs(t.app, first, { method: 'GET', url: API.pushSubscriptions })).json()).toEqual([])
})

test('an endpoint on the site’s own machine or network, or not https:, is refused', async () => {
  const me = await signUp(t.app)
  const keys = receiver.device().keys
  for (const endpoint of [
    'https://127.0.0.1/push/1',
    'https://localhost:8443/push/1',
    'https://10.0.0.7/push/1',
    'https://192.168.1.1/push/1',
    'https://169.254.169.254/latest/meta-data',
    'https://[::1]/push/1',
    'https://[fe80::1]/push/1',
    'https://[fd00::1]/push/1',
    'https://[::ffff:10.0.0.1]/push/1',
    'ftp://push.example.com/1',
    'not a url',
    'http://push.invalid/1',
  ]) {
    const response = await subscribe(me, { endpoint, keys })
    expect(response.statusCode, endpoint).toBe(400)
  }
  const badKeys = await subscribe(me, {
    endpoint: receiver.device().endpoint,
    keys: { p256dh: 'abc', auth: keys.auth },
  })
  expect(badKeys.statusCode).toBe(400)
})

test('without PUSH_TEST_ENDPOINTS an http: endpoint is refused even on loopback', async () => {
  await expect(checkEndpoint('http://127.0.0.1:9/push', false)).rejects.toThrow(/https:/)
  await expect(checkEndpoint('https://8.8.8.8/push', false)).resolves.toMatchObject({ address: '8.8.8.8' })
  await expect(checkEndpoint('https://[64:ff9b::a00:1]/push', false)).rejects.toThrow(/private/)
})
