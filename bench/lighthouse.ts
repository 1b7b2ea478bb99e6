import { execFile } from 'node:child_process'
import path from 'node:path'
import { promisify } from 'node:util'
import { gzipSync } from 'node:zlib'

export type PageScore = {
  page: string
  performance: number
  /** Every run's score, when the page was measured several times (the figures are the median run's). */
  runs?: number[]
  fcpMs: number
  lcpMs: number
  tbtMs: number
  cls: number
  /** gzip bytes of every script the page loaded before it settled (the route's initial JavaScript). */
  jsGzipBytes: number
  /** The start of the largest paint's element, e.g. `<img src="/photos/…">` or `<h1 …>`. */
  lcpElement?: string
}

const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
].join(' ')

type Lhr = {
  categories: { performance: { score: number } }
  audits: Record<
    string,
    { numericValue?: number; details?: { items?: { url: string; resourceType?: string }[] } }
  >
}

// Fetched from the server (not read from dist/) so the figure is what that server really sends.
async function gzipBytesOfScripts(lhr: Lhr, origin: string): Promise<number> {
  const items = lhr.audits['network-requests']?.details?.items ?? []
  let total = 0
  for (const item of items) {
    if (item.resourceType !== 'Script' || !item.url.startsWith(origin)) continue
    const response = await fetch(item.url, { headers: { 'accept-encoding': 'identity' } })
    total += gzipSync(Buffer.from(await response.arrayBuffer()), { level: 9 }).length
  }
  return total
}

const ATTEMPTS = 3

/**
 * One Lighthouse run. Now and then it fails to record the page load's trace ("NO_NAVSTART … Please run Lighthouse
 * again"); such a run is repeated, up to three attempts, rather than losing the whole benchmark.
 */
async function runLighthouse(args: string[]): Promise<Lhr> {
  for (let attempt = 1; ; attempt++) {
    try {
      const { stdout } = await promisify(execFile)(path.resolve('node_modules/.bin/lighthouse'), args, {
        env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? '/usr/bin/chromium' },
        maxBuffer: 64 * 1024 * 1024,
      })
      return JSON.parse(stdout) as Lhr
    } catch (error) {
      if (attempt >= ATTEMPTS) throw error
      const code = /\(([A-Z_]+)\)/.exec((error as { stderr?: string }).stderr ?? '')?.[1] ?? 'error'
      console.log(`  lighthouse ${args[0]}: ${code} on attempt ${attempt}, running it again`)
    }
  }
}

/** Lighthouse's default (mobile, simulated slow 4G and CPU throttling), performance category only. */
export async function lighthouse(baseUrl: string, page: string, cookie?: string): Promise<PageScore> {
  const args = [
    `${baseUrl}${page}`,
    '--quiet',
    '--output=json',
    '--output-path=stdout',
    '--only-categories=performance',
    `--chrome-flags=${CHROME_FLAGS}`,
  ]
  if (cookie) args.push(`--extra-headers=${JSON.stringify({ Cookie: cookie })}`)
  const lhr = await runLighthouse(args)
  const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN
  return {
    page,
    performance: Math.round(lhr.categories.performance.score * 100),
    fcpMs: Math.round(value('first-contentful-paint')),
    lcpMs: Math.round(value('largest-contentful-paint')),
    tbtMs: Math.round(value('total-blocking-time')),
    cls: Number(value('cumulative-layout-shift').toFixed(3)),
    jsGzipBytes: await gzipBytesOfScripts(lhr, baseUrl),
    lcpElement: lcpElementOf(lhr),
  }
}

/** Lighthouse 12 names the element in a table inside the `largest-contentful-paint-element` audit. */
function lcpElementOf(lhr: { audits: Record<string, { details?: unknown }> }): string | undefined {
  type Items = { items?: { items?: { node?: { snippet?: string } }[] }[] }
  const details = lhr.audits['largest-contentful-paint-element']?.details as Items | undefined
  return details?.items?.[0]?.items?.[0]?.node?.snippet?.slice(0, 120)
}
