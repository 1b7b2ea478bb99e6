import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'scripts/**/*.test.ts', 'bench/**/*.test.ts'],
    globalSetup: ['src/server/test/global-setup.ts'],
    setupFiles: ['src/server/test/after-each-test.ts'],
    pool: 'forks',
    // Vitest's default on two cores is one fork at a time; most files spend their time waiting on child
    // processes, sockets and the database, so two side by side cut the wall time without starving either.
    maxWorkers: 2,
    // Each fork runs file after file with the modules it already loaded: importing the server's modules again
    // for every one of ~110 files cost about a fifth of the run's time. Files still get their own database; what
    // a test changes for everyone (the clock, stubbed environment) goes back after it (after-each-test.ts).
    isolate: false,
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
})
