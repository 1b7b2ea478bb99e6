import { spawn } from 'node:child_process'

// npm run dev: the API (restarting on change) on API_PORT and Vite on PORT, which proxies /api to it, so the
// browser sees one origin as in production.
const port = process.env.PORT ?? '3000'
const apiPort = process.env.API_PORT ?? '3001'
const env = { ...process.env, API_PORT: apiPort }

const children = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'src/server/main.ts'], {
    stdio: 'inherit',
    env: {
      ...env,
      PORT: apiPort,
      BASE_URL: process.env.BASE_URL ?? `http://localhost:${port}`,
      NODE_ENV: 'development',
    },
  }),
  spawn('npx', ['vite', '--port', port, '--strictPort'], { stdio: 'inherit', env }),
]

const stop = () => {
  for (const child of children) child.kill('SIGTERM')
}
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
for (const child of children) child.on('exit', (code) => code && stop())
