import { defineConfig, devices } from '@playwright/test'
import type { EnvVariables } from './src/server/env.ts'

// The end-to-end suite runs against the built app (npm run build) served by the real server on a fresh
// embedded database, with a local OpenID Connect mock standing in for Google.
const port = Number(process.env.E2E_PORT ?? 3100)
const oidcPort = Number(process.env.E2E_OIDC_PORT ?? 3199)
export const baseURL = `http://localhost:${port}`

const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
}

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  workers: 2,
  // `npm test` runs without retries: the suite must pass on its first attempt (decision 101). CI keeps one retry
  // as a safety net that records a trace of what failed; its report names a test that needed it "flaky", and a
  // flaky test is a failure to fix, never a pass.
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: { baseURL, trace: 'on-first-retry', screenshot: 'only-on-failure', launchOptions: chromium },
  projects: [{ name: 'desktop', use: { ...devices['Desktop Chrome'], launchOptions: chromium } }],
  webServer: [
    {
      command: `node --import tsx scripts/oidc-mock.ts`,
      url: `http://127.0.0.1:${oidcPort}/.well-known/openid-configuration`,
      env: { OIDC_MOCK_PORT: String(oidcPort) },
      reuseExistingServer: false,
    },
    {
      command: `rm -rf .tmp/e2e-data-${port} && node --import tsx src/server/main.ts`,
      url: `${baseURL}/api/health`,
      timeout: 60_000,
      reuseExistingServer: false,
      env: {
        // BASE_URL is left at its default (http://localhost:$PORT, the same address as baseURL), as someone trying
        // Nestmate out runs it: localhost and 127.0.0.1 are then one site (e2e/account/site-address.spec.ts).
        PORT: String(port),
        DATA_DIR: `.tmp/e2e-data-${port}`,
        DEMO_DATA: 'false',
        RATE_LIMITS: 'off',
        PASSWORD_HASH: 'fast',
        LOG_LEVEL: 'warn',
        GOOGLE_CLIENT_ID: 'nestmate-e2e',
        GOOGLE_CLIENT_SECRET: 'nestmate-e2e-secret',
        GOOGLE_DISCOVERY_URL: `http://127.0.0.1:${oidcPort}/.well-known/openid-configuration`,
        // The operator set a phone line (a number kept for fiction) but no e-mail or office: both states show.
        CONTACT_PHONE: '+44 20 7946 0018',
        CONTACT_HOURS: 'Weekdays, 10 am to 4 pm UK time.',
        // The moderation and signals journeys sign up with these addresses (e2e/support/moderator.ts).
        ADMIN_EMAILS: 'moderator@e2e.example,signals-moderator@e2e.example',
        // An instant alert collects rooms for 5 s rather than a minute: the saved-search journey waits for its mail.
        ALERT_WINDOW_SECONDS: '5',
      } satisfies EnvVariables,
    },
  ],
})
