import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'scripts/**/*.test.ts', 'bench/**/*.test.ts'],
    globalSetup: ['src/server/test/global-setup.ts'],
    pool: 'forks',
    // Vitest's default on two cores is one fork at a time; most files spend their time waiting on child
    // processes, sockets and the database, so two side by side cut the wall time without starving either.
    maxWorkers: 2,
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
})
