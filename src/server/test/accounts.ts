import { afterEach, vi } from 'vitest'
import type { LightMyRequestResponse } from 'fastify'
import type { App } from '../app.ts'
import {
  BASE_URL,
  cookieFrom,
  createTestApp,
  injectAs,
  signUp,
  useForFile,
  type TestApp,
  type TestUser,
} from './app.ts'
import { linkIn, startSmtpCapture, type SmtpCapture } from './smtp-capture.ts'
import type { EnvVariables } from '../env.ts'

/** A test app whose mail goes to a real SMTP server started for it. */
export async function createMailedApp(env: EnvVariables = {}) {
  const smtp = await startSmtpCapture()
  const test: TestApp = await createTestApp({ SMTP_URL: smtp.url, ...env })
  return {
    ...test,
    smtp,
    close: async () => {
      await test.close()
      await smtp.close()
    },
  }
}

export type MailedApp = Awaited<ReturnType<typeof createMailedApp>>

/** One mailed app for a test file, as useTestApp gives a plain one; a test that fakes the clock gets it back. */
export function useMailedApp(env: EnvVariables = {}): MailedApp {
  afterEach(() => vi.useRealTimers())
  return useForFile(() => createMailedApp(env))
}

/** Signs in by e-mail and password; answers the session cookie, or throws with Better Auth's answer. */
export async function signIn(app: App, email: string, password: string): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: { origin: BASE_URL },
    payload: { email, password },
  })
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`)
  return cookieFrom(response)
}

/** Opens a link from a mail as a browser would: a GET on the site, following nothing. */
export function openLink(app: App, link: string, cookie?: string): Promise<LightMyRequestResponse> {
  if (!link.startsWith(BASE_URL)) throw new Error(`${link} is not on ${BASE_URL}`)
  return app.inject({
    method: 'GET',
    url: link.slice(BASE_URL.length),
    headers: cookie ? { cookie } : {},
  })
}

/** The signed-in user as Better Auth answers it, or null for a dead session. */
export async function sessionUser(app: App, cookie: string) {
  const response = await app.inject({ method: 'GET', url: '/api/auth/get-session', headers: { cookie } })
  return response.json<{ user: { id: string; email: string; emailVerified: boolean } } | null>()?.user ?? null
}

/** The verification mail sent at sign-up, and its link. */
export async function signUpAndReadMail(
  test: MailedApp,
  overrides: Partial<Omit<TestUser, 'id' | 'cookie'>> = {},
) {
  const person = await signUp(test.app, overrides)
  const mail = await test.smtp.next(person.email)
  return { person, mail, link: linkIn(mail, `${BASE_URL}/api/auth/verify-email`) }
}

export { injectAs, linkIn, type SmtpCapture }
