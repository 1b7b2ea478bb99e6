import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { firstPaint } from './src/web/first-paint/vite-plugin.ts'
import { serviceWorker } from './src/web/service-worker/vite-plugin.ts'

// In development the API runs on API_PORT (scripts/dev.ts) and Vite proxies /api to it, so the browser
// still sees one origin, as in production.
const apiPort = Number(process.env.API_PORT ?? 3001)

export default defineConfig({
  plugins: [react(), tailwindcss(), firstPaint(), serviceWorker()],
  // The manifest lets scripts/bundle-size.ts follow each route's static imports.
  build: { outDir: 'dist/web', emptyOutDir: true, sourcemap: false, manifest: true },
  // /api/docs is a page of the web app, not a call to the API.
  server: { proxy: { '^/api(?!/docs)': `http://127.0.0.1:${apiPort}` } },
})
