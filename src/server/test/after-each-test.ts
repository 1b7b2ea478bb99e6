import { afterEach, vi } from 'vitest'

// Test files share their process (vitest.config.ts: isolate false), so what a test changes for everyone goes back
// after it, whether or not its own file remembered to: the clock, stubbed environment variables and globals.
afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllEnvs()
  vi.unstubAllGlobals()
})
