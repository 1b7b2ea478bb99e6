import { request as playwrightRequest, test, type APIRequestContext } from '@playwright/test'
import { signUpViaApi } from './api.ts'

/**
 * A spec's shared data, made once in each worker by a new person signed up for it. With fullyParallel, a worker may
 * run a file's tests in several groups and runs `beforeAll` for each, while the module (and the token its data is
 * found by) is loaded once: a second run would make the same listings again, and a count of them would double.
 */
export function seedOncePerWorker(make: (request: APIRequestContext, baseURL: string) => Promise<void>) {
  let made: Promise<void> | undefined
  test.beforeAll(async ({ baseURL }) => {
    made ??= (async () => {
      const request = await playwrightRequest.newContext({ baseURL })
      try {
        await signUpViaApi(request, baseURL!)
        await make(request, baseURL!)
      } finally {
        await request.dispose()
      }
    })()
    await made
  })
}
