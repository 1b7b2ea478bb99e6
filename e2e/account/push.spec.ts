import { expect, test, type Page } from '@playwright/test'
import { signedInPage, uniqueLetterToken } from '../support/api.ts'
import { expectNoSeriousViolationsEverywhere } from '../support/axe.ts'

// On a phone (decisions 098 and 099): installable with no error Chromium reports, the offline page with no network,
// the service worker's push and notification-click handlers, and the settings' devices. One person, one journey.

/** Waits until the service worker controls the page (it registers after load; the first load isn't controlled). */
async function controlledByWorker(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready)
  if (!(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)))) await page.reload()
  await page.waitForFunction(() => Boolean(navigator.serviceWorker.controller))
}

test('installable, offline, push and settings on one device', async ({ browser, baseURL }) => {
  const { page, context } = await signedInPage(browser, baseURL!)
  await context.grantPermissions(['notifications'], { origin: baseURL! })
  await page.goto('/')
  await controlledByWorker(page)

  // Installable: Chromium's own check finds the manifest, its icons and the worker in order.
  const cdp = await context.newCDPSession(page)
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors')
  // Playwright's contexts are incognito-like, which Chromium reports on its own; the app's part is everything else.
  expect(installabilityErrors.filter(({ errorId }) => errorId !== 'in-incognito')).toEqual([])

  // No network: a page is Nestmate's own offline page, not the browser's error.
  await context.setOffline(true)
  await page.goto('/about')
  await expect(page.getByRole('heading', { name: "You're offline" })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Try again' })).toBeVisible()
  await context.setOffline(false)
  await page.goto('/dashboard/profile-settings')
  await expect(page.getByRole('heading', { name: 'Notifications' })).toBeVisible()

  // A push as the push service would deliver it: the worker shows it, naming the sender, and a tap opens its page.
  await cdp.send('ServiceWorker.enable')
  const registrationId = await new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const mine = registrations.find((registration) => registration.scopeURL === `${baseURL}/`)
      if (mine) resolve(mine.registrationId)
    })
  })
  const payload = {
    title: 'Ana sent you a message',
    body: 'Open Nestmate to read it and reply.',
    url: '/dashboard/messages',
    tag: 'message:1',
  }
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin: baseURL!,
    registrationId,
    data: JSON.stringify(payload),
  })
  const shown = () =>
    page.evaluate(async () =>
      (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
        title: n.title,
        body: n.body,
      })),
    )
  await expect.poll(shown).toEqual([{ title: payload.title, body: payload.body }])
  const [worker] = context.serviceWorkers()
  // The worker's scope has types of its own, which the tests' DOM library lacks: what the click handler needs.
  type WorkerScope = {
    registration: ServiceWorkerRegistration
    dispatchEvent: (event: Event) => boolean
    NotificationEvent: new (type: string, init: { notification: Notification }) => Event
  }
  await worker!.evaluate(async () => {
    const scope = self as unknown as WorkerScope
    const [notification] = await scope.registration.getNotifications()
    scope.dispatchEvent(new scope.NotificationEvent('notificationclick', { notification: notification! }))
  })
  await expect(page).toHaveURL(/\/dashboard\/messages$/)
  await expect.poll(shown).toEqual([])

  // Settings: the devices that receive notifications, what each is told, Remove.
  const endpoint = `https://8.8.8.8/push/${uniqueLetterToken('e')}`
  const added = await page.request.post('/api/push/subscriptions', {
    headers: { origin: baseURL! },
    data: {
      endpoint,
      keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) },
      kinds: ['messages', 'alerts'],
    },
  })
  expect(added.status()).toBe(201)
  await page.goto('/dashboard/profile-settings')
  const devices = page.getByRole('list', { name: 'Devices that receive notifications' })
  const device = devices.getByRole('listitem')
  await expect(device).toHaveCount(1)
  await expect(page.getByRole('button', { name: 'Turn on notifications on this device' })).toBeVisible()
  await expectNoSeriousViolationsEverywhere(page, { screenshot: 'push-settings' })
  const group = device.getByRole('group')
  await expect(group.getByRole('checkbox', { name: 'New messages' })).toBeChecked()
  await expect(group.getByRole('checkbox', { name: 'Viewings' })).not.toBeChecked()
  await group.getByRole('checkbox', { name: 'New messages' }).uncheck()
  await expect
    .poll(async () => (await (await page.request.get('/api/push/subscriptions')).json())[0].kinds)
    .toEqual(['alerts'])
  await device.getByRole('button', { name: /^Remove/ }).click()
  await expect(devices).toBeHidden()
  expect(await (await page.request.get('/api/push/subscriptions')).json()).toEqual([])
  await context.close()
})
