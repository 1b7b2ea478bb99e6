import { chromium, type Browser } from '@playwright/test'
import { conversationForBench } from './slow-phone-people.ts'

// When a slow phone first sees listings: Chromium through the DevTools protocol at 6× CPU slowdown, 150 ms of
// latency and 200 kB/s each way, a 390 × 844 touch screen, a cold cache every run. For each page the time from
// navigation start to the first paint, to the first listing card on screen (rendered and not transparent), to the
// sign-in check's answer in the navigation bar and to the app being live (#root[data-hydrated]).
//   npx tsx bench/slow-phone.ts http://localhost:3000 [runs] [path…]
// The server needs listings (the demo data of an embedded database does); the median run is printed with all runs.
// The signed-in pages `/dashboard/messages` and `/dashboard/messages/:id` (the inbox and a conversation) are
// measured for a poster a seeker wrote to (bench/slow-phone-people.ts, which reads the seeker's verification mail
// from the server's DATA_DIR, default ./data): the time to the first paint, to the rows' outline, to the API's
// answer, to the first conversation or message on screen and to the app being live.

const PROFILE = { cpu: 6, latencyMs: 150, bytesPerSecond: 200 * 1024 }
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run']

type Run = {
  firstPaint: number
  listingsAnswer: number
  cards: number
  sessionAnswer: number
  signIn: number
  live: number
}

/**
 * Runs in the page from its first script on: notes when each moment first happens, by performance.now(). A string,
 * not a function: tsx would add its own helpers to a function's text, which the page doesn't have.
 */
const WATCH_MOMENTS = `(() => {
  const moments = (window.nestmateMoments = {})
  const seen = (name) => (moments[name] ??= performance.now())
  const isShown = (element) => {
    const box = element.getBoundingClientRect()
    return box.width > 0 && box.height > 0 && Number(getComputedStyle(element).opacity) > 0.5
  }
  const check = () => {
    if ([...document.querySelectorAll('main article')].some(isShown)) seen('cards')
    if (document.querySelector('header a[href="/login"], header img.rounded-full')) seen('signIn')
    if (document.querySelector('#root[data-hydrated]')) seen('live')
    if (!moments.cards || !moments.signIn || !moments.live) requestAnimationFrame(check)
  }
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (entry.name === 'first-contentful-paint') seen('firstPaint')
  }).observe({ type: 'paint', buffered: true })
  requestAnimationFrame(check)
})()`

/** A cold phone's page: a new context (no cache), the slow profile applied, `watch` run before the page's scripts. */
async function slowPage(browser: Browser, watch: string, cookie?: { value: string; url: string }) {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
    bypassCSP: true,
  })
  if (cookie)
    await context.addCookies(
      cookie.value.split('; ').map((pair) => {
        const [name, ...value] = pair.split('=')
        return { name: name!, value: value.join('='), url: new URL(cookie.url).origin }
      }),
    )
  const page = await context.newPage()
  await page.addInitScript(watch)
  const cdp = await context.newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: PROFILE.cpu })
  await cdp.send('Network.enable')
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: PROFILE.latencyMs,
    downloadThroughput: PROFILE.bytesPerSecond,
    uploadThroughput: PROFILE.bytesPerSecond,
  })
  return { context, page }
}

async function measure(browser: Browser, url: string): Promise<Run> {
  const { context, page } = await slowPage(browser, WATCH_MOMENTS)
  await page.goto(url, { waitUntil: 'commit' })
  const moments = (await (
    await page.waitForFunction(
      'window.nestmateMoments?.cards && window.nestmateMoments.signIn && window.nestmateMoments.live && window.nestmateMoments',
      undefined,
      { timeout: 120_000, polling: 100 },
    )
  ).jsonValue()) as Record<string, number>
  // When the listings' and the session's answers had arrived.
  const answers = await page.evaluate(`Object.fromEntries(performance.getEntriesByType('resource')
    .filter((e) => /api\\/(roommate-listings|featured-roommates|auth\\/get-session)/.test(e.name))
    .map((e) => [e.name.includes('get-session') ? 'sessionAnswer' : 'listingsAnswer', e.responseEnd]))`)
  Object.assign(moments, answers)
  await context.close()
  const at = (name: string) => Math.round(moments[name] ?? Number.NaN)
  return {
    firstPaint: at('firstPaint'),
    listingsAnswer: at('listingsAnswer'),
    cards: at('cards'),
    sessionAnswer: at('sessionAnswer'),
    signIn: at('signIn'),
    live: at('live'),
  }
}

type SignedInRun = { firstPaint: number; outline: number; apiAnswer: number; content: number; live: number }

/** The signed-in pages' moments: the rows' outline (aria-busy), then a conversation row or a message on screen. */
const WATCH_SIGNED_IN = `(() => {
  const moments = (window.nestmateMoments = {})
  const seen = (name) => (moments[name] ??= performance.now())
  const isShown = (element) => {
    const box = element.getBoundingClientRect()
    return box.width > 0 && box.height > 0
  }
  const check = () => {
    if ([...document.querySelectorAll('[aria-busy="true"] [data-outline]')].some(isShown)) seen('outline')
    const content = 'main a[href^="/dashboard/messages/"], main [role="log"] li'
    if ([...document.querySelectorAll(content)].some(isShown)) seen('content')
    if (document.querySelector('#root[data-hydrated]')) seen('live')
    if (!moments.content || !moments.live) requestAnimationFrame(check)
  }
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (entry.name === 'first-contentful-paint') seen('firstPaint')
  }).observe({ type: 'paint', buffered: true })
  requestAnimationFrame(check)
})()`

async function measureSignedIn(browser: Browser, url: string, cookie: string): Promise<SignedInRun> {
  const { context, page } = await slowPage(browser, WATCH_SIGNED_IN, { value: cookie, url })
  await page.goto(url, { waitUntil: 'commit' })
  const moments = (await (
    await page.waitForFunction(
      'window.nestmateMoments?.content && window.nestmateMoments.live && window.nestmateMoments',
      undefined,
      { timeout: 120_000, polling: 100 },
    )
  ).jsonValue()) as Record<string, number>
  // When the page's own answer (the inbox, or the conversation's messages) had first arrived.
  moments.apiAnswer = (await page.evaluate(`Math.min(...performance.getEntriesByType('resource')
    .filter((e) => /api\\/conversations(\\?|$|\\/[^/]+\\/messages)/.test(e.name)).map((e) => e.responseEnd))`)) as number
  await context.close()
  const at = (name: string) => Math.round(moments[name] ?? Number.NaN)
  return {
    firstPaint: at('firstPaint'),
    outline: at('outline'),
    apiAnswer: at('apiAnswer'),
    content: at('content'),
    live: at('live'),
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!

async function main() {
  const [base = 'http://localhost:3000', runsArg = '5', ...paths] = process.argv.slice(2)
  const runs = Number(runsArg)
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  })
  try {
    let person: Awaited<ReturnType<typeof conversationForBench>> | undefined
    for (const path of paths.length > 0 ? paths : ['/', '/browse-listing']) {
      if (path.startsWith('/dashboard/')) {
        person ??= await conversationForBench(base, process.env.DATA_DIR ?? './data')
        const address = new URL(path.replace(':id', person.conversationId), base).href
        const results: SignedInRun[] = []
        for (let i = 0; i < runs; i++) results.push(await measureSignedIn(browser, address, person.cookie))
        const column = (key: keyof SignedInRun) =>
          `${median(results.map((r) => r[key]))} ms (${results.map((r) => r[key]).join(', ')})`
        console.log(
          `${path}: first paint ${column('firstPaint')}; outline ${column('outline')}; API's answer ` +
            `${column('apiAnswer')}; first row or message ${column('content')}; live ${column('live')}`,
        )
        continue
      }
      const results: Run[] = []
      for (let i = 0; i < runs; i++) results.push(await measure(browser, new URL(path, base).href))
      const column = (key: keyof Run) =>
        `${median(results.map((r) => r[key]))} ms (${results.map((r) => r[key]).join(', ')})`
      console.log(
        `${path}: first paint ${column('firstPaint')}; listings' answer ${column('listingsAnswer')}; ` +
          `cards ${column('cards')}; session's answer ${column('sessionAnswer')}; sign-in shown ` +
          `${column('signIn')}; live ${column('live')}`,
      )
    }
  } finally {
    await browser.close()
  }
}

await main()
