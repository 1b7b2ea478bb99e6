import type { Page, Route } from '@playwright/test'

/** A slow phone's profile, as the usability reviews use it: 6× slower CPU, 150 ms latency, 200 kB/s down. */
export async function slowPhone(page: Page) {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 })
  await cdp.send('Network.enable')
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: 200 * 1024,
    uploadThroughput: 100 * 1024,
  })
}

/**
 * Holds every request matching `url` until `release()`, so a test can act while the page waits for it (the way a
 * person keeps typing while a slow answer is on its way). Requests made after the release go through at once.
 */
export async function holdRequests(page: Page, url: string | RegExp) {
  let release = () => undefined as void
  const released = new Promise<void>((resolve) => (release = resolve))
  const held: Route[] = []
  await page.route(url, async (route) => {
    held.push(route)
    await released
    await route.continue()
  })
  return { release, held }
}
