import { configDefaults, defineConfig } from 'vitest/config'

// The proofs with real processes killed or side by side (`…-kill.test.ts`, `…two-processes.test.ts`) take a minute
// and a half of the two database runs: they run in `npm run test:reliability` (PROCESS_PROOFS=1, both databases),
// not in `npm test`.
const PROCESS_PROOFS = ['src/**/*-kill.test.ts', 'src/**/*two-processes.test.ts']
const proofsOnly = process.env.PROCESS_PROOFS === '1'

export default defineConfig({
  test: {
    include: proofsOnly ? PROCESS_PROOFS : ['src/**/*.test.ts', 'scripts/**/*.test.ts', 'bench/**/*.test.ts'],
    exclude: proofsOnly ? configDefaults.exclude : [...configDefaults.exclude, ...PROCESS_PROOFS],
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
