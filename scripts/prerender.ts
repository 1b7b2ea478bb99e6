import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { build } from 'vite'
import type * as Prerender from '../src/web/first-paint/prerender.tsx'

// After `vite build`: renders the public pages' first paint (src/web/first-paint/prerender.tsx) through a server build of the
// same components and writes it to dist/web/.vite/first-paint.json, where the server picks it up
// (src/server/first-paint/page-html.ts). The server build itself is thrown away.
const root = path.resolve(process.argv[2] ?? 'dist/web')
const serverBuild = path.resolve('dist/prerender')

await build({
  logLevel: 'warn',
  build: {
    ssr: 'src/web/first-paint/prerender.tsx',
    outDir: serverBuild,
    emptyOutDir: true,
    manifest: false,
    rollupOptions: { output: { entryFileNames: 'prerender.js' } },
  },
})

type Module = typeof Prerender
const { PRERENDERED_PATHS, renderFirstPaint } = (await import(
  pathToFileURL(path.join(serverBuild, 'prerender.js')).href
)) as Module

const pages: Record<string, Awaited<ReturnType<Module['renderFirstPaint']>>> = {}
for (const page of PRERENDERED_PATHS) pages[page] = await renderFirstPaint(page)
mkdirSync(path.join(root, '.vite'), { recursive: true })
writeFileSync(path.join(root, '.vite/first-paint.json'), JSON.stringify(pages))
rmSync(serverBuild, { recursive: true, force: true })
console.log(
  `prerendered ${PRERENDERED_PATHS.map((page) => `${page} (${(pages[page]!.markup.length / 1024).toFixed(1)} kB)`).join(', ')}`,
)
