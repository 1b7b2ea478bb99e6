import { createHash } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Plugin } from 'vite'

const here = path.dirname(fileURLToPath(import.meta.url))

/** The public folder's files, as the site's paths (`/icons/icon-192.png`). */
function publicPaths(dir: string, prefix = ''): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? publicPaths(path.join(dir, entry.name), `${prefix}/${entry.name}`)
      : [`${prefix}/${entry.name}`],
  )
}

/**
 * Writes the worker, /sw.js, at the web root: ./service-worker.js after the build's own precache list, the files every page may
 * need and that are the same for everyone (the bundle's scripts and styles, the public folder's files), and a
 * version that changes whenever one of them does, so a new build's worker installs and waits (decision 098).
 * Pages (HTML) are not in it: they always come from the server.
 */
export function serviceWorker(): Plugin {
  let publicDir = ''
  return {
    name: 'nestmate-service-worker',
    configResolved(config) {
      publicDir = config.publicDir
    },
    generateBundle(options, bundle) {
      if (options.format !== 'es' || this.environment?.config.consumer === 'server') return
      const built = Object.keys(bundle).filter((file) => /\.(js|css)$/.test(file) && !file.startsWith('.'))
      const precache = [...built.map((file) => `/${file}`), ...publicPaths(publicDir)].sort()
      const source = readFileSync(path.join(here, 'service-worker.js'), 'utf8')
      const hash = createHash('sha256').update(source)
      for (const file of precache) {
        const item = bundle[file.slice(1)]
        if (item) hash.update(item.type === 'chunk' ? item.code : item.source)
        else hash.update(readFileSync(path.join(publicDir, file)))
      }
      const version = hash.digest('hex').slice(0, 16)
      this.emitFile({
        type: 'asset',
        fileName: 'sw.js',
        source: `self.NESTMATE_BUILD = ${JSON.stringify({ version, precache })}\n${source}`,
      })
    },
  }
}
