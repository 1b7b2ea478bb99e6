import type { PushKind } from '#shared/push.ts'
import { addPushDevice, getPushPublicKey } from './api.ts'

/** Whether this browser can receive pushes at all (a service worker, the Push API and notifications). */
export function canPush(): boolean {
  return (
    typeof window !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  )
}

/** This browser's push subscription, if it has one. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  if (!canPush()) return null
  const registration = await navigator.serviceWorker.getRegistration()
  return (await registration?.pushManager.getSubscription()) ?? null
}

/**
 * Turns notifications on for this browser: asks the person's permission (only here, on their click), subscribes
 * with the site's VAPID key and tells the server. Answers the refusal in words, or undefined when it worked.
 */
export async function turnOnHere(kinds: PushKind[]) {
  const permission = await Notification.requestPermission()
  if (permission !== 'granted')
    return 'Notifications are blocked for Nestmate in this browser. Allow them in its site settings, then try again.'
  const registration = await navigator.serviceWorker.ready
  const { publicKey } = await getPushPublicKey()
  const subscription = await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: publicKey,
  })
  const { endpoint, keys } = subscription.toJSON()
  await addPushDevice({ endpoint: endpoint!, keys: { p256dh: keys!.p256dh!, auth: keys!.auth! }, kinds })
  return undefined
}
