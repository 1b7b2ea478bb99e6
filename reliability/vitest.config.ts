import { defineConfig } from 'vitest/config'

// The slow suite (npm run test:reliability): real server processes, kill -9, a PostgreSQL outage and a soak.
// One file at a time, so the machine's load doesn't distort what the tests measure.
export default defineConfig({
  test: {
    root: new URL('..', import.meta.url).pathname,
    include: ['reliability/**/*.test.ts'],
    pool: 'forks',
    fileParallelism: false,
    testTimeout: 20 * 60_000,
    hookTimeout: 120_000,
  },
})
