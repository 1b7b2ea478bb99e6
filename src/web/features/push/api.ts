import { API } from '#shared/api.ts'
import type { PushKind, PushSubscriptionAnswer } from '#shared/push.ts'
import { api } from '../../lib/api.ts'

export const getPushDevices = (signal?: AbortSignal) =>
  api<PushSubscriptionAnswer[]>(API.pushSubscriptions, { signal })

export const getPushPublicKey = () => api<{ publicKey: string }>(API.pushPublicKey)

export const addPushDevice = (body: {
  endpoint: string
  keys: { p256dh: string; auth: string }
  kinds: PushKind[]
}) => api<{ subscription: PushSubscriptionAnswer }>(API.pushSubscriptions, { method: 'POST', body })

export const changePushKinds = (id: string, kinds: PushKind[]) =>
  api<{ subscription: PushSubscriptionAnswer }>(API.pushSubscription(id), {
    method: 'PATCH',
    body: { kinds },
  })

export const removePushDevice = (id: string) =>
  api<{ message: string }>(API.pushSubscription(id), { method: 'DELETE' })
