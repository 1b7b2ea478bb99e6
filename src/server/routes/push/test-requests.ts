import { API } from '#shared/api.ts'
import type { App } from '../../app.ts'
import { injectAs, type TestUser } from '../../test/app.ts'
import type { TestSubscription } from '../../test/push-receiver.ts'

// Calls the push tests share (tests only).

/** Subscribes a device of the test's push receiver to `kinds`; answers the subscription's id. */
export async function subscribeAs(app: App, user: TestUser, device: TestSubscription, kinds: string[]) {
  const response = await injectAs(app, user, {
    method: 'POST',
    url: API.pushSubscriptions,
    payload: { ...device, kinds },
  })
  if (response.statusCode !== 201)
    throw new Error(`subscribe failed: ${response.statusCode} ${response.body}`)
  return response.json<{ subscription: { _id: string } }>().subscription._id
}
