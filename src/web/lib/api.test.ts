import { afterEach, describe, expect, it, vi } from 'vitest'
import { api, ApiRequestError } from './api.ts'

function answer(status: number, body: string, type = 'application/json') {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(body, { status, headers: { 'content-type': type } })),
  )
}

afterEach(() => vi.unstubAllGlobals())

describe('api', () => {
  it('resolves with the answer', async () => {
    answer(200, JSON.stringify([{ _id: 'a' }]))
    expect(await api('/api/featured-roommates')).toEqual([{ _id: 'a' }])
  })

  it("throws the server's error message, status and issues", async () => {
    answer(
      400,
      JSON.stringify({ error: 'Invalid input.', issues: [{ path: 'rent', message: 'Rent is required.' }] }),
    )
    const error = await api('/api/roommate-listings', { method: 'POST', body: {} }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiRequestError)
    expect(error).toMatchObject({
      status: 400,
      message: 'Invalid input.',
      issues: [{ path: 'rent', message: 'Rent is required.' }],
    })
  })

  it('gives a generic message when the error body is not an API error', async () => {
    answer(502, '<html><body>Bad gateway</body></html>', 'text/html')
    await expect(api('/api/stats')).rejects.toMatchObject({ status: 502, message: 'Request failed (502).' })
    answer(500, JSON.stringify({ message: 'not our shape' }))
    await expect(api('/api/stats')).rejects.toMatchObject({ status: 500, message: 'Request failed (500).' })
  })
})

describe('an answer the page asked for before the app loaded', () => {
  afterEach(() => {
    globalThis.nestmateEarlyFetches = undefined
  })

  it('is read instead of asking again, once', async () => {
    answer(200, JSON.stringify(['asked again']))
    globalThis.nestmateEarlyFetches = {
      '/api/featured-roommates': Promise.resolve(new Response(JSON.stringify(['early']))),
    }
    expect(await api('/api/featured-roommates')).toEqual(['early'])
    expect(fetch).not.toHaveBeenCalled()
    expect(await api('/api/featured-roommates')).toEqual(['asked again'])
  })

  it('is asked for again when the early request failed', async () => {
    answer(200, JSON.stringify(['asked again']))
    globalThis.nestmateEarlyFetches = { '/api/config': Promise.reject(new TypeError('offline')) }
    expect(await api('/api/config')).toEqual(['asked again'])
  })
})
