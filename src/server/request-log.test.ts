import { afterEach, expect, test, vi } from 'vitest'
import { batchedStdout, loggerOptions } from './request-log.ts'

afterEach(() => {
  vi.useRealTimers()
})

test('lines of one window go out in one write, in order, and nothing is written before the window ends', () => {
  vi.useFakeTimers()
  const writes: string[] = []
  const log = batchedStdout({ write: (text) => writes.push(text) })
  log.write('a\n')
  log.write('b\n')
  vi.advanceTimersByTime(19)
  expect(writes).toEqual([])
  vi.advanceTimersByTime(1)
  expect(writes).toEqual(['a\nb\n'])
  log.write('c\n')
  vi.advanceTimersByTime(20)
  expect(writes).toEqual(['a\nb\n', 'c\n'])
})

test('a burst over 64 kB is written at once, and flush() writes what is held', () => {
  vi.useFakeTimers()
  const writes: string[] = []
  const log = batchedStdout({ write: (text) => writes.push(text) })
  const big = `${'x'.repeat(64 * 1024)}\n`
  log.write(big)
  expect(writes).toEqual([big])
  log.write('tail\n')
  log.flush()
  expect(writes).toEqual([big, 'tail\n'])
  vi.advanceTimersByTime(100)
  expect(writes).toHaveLength(2)
})

test("a request's line has pino's fields, in pino's order, with Fastify's req and res", async () => {
  const { default: Fastify } = await import('fastify')
  const lines: string[] = []
  const options = loggerOptions('info', { write: (text) => lines.push(...text.trimEnd().split('\n')) })
  const app = Fastify(options)
  app.get('/ok', async () => ({ ok: true }))
  app.get('/boom', async () => {
    throw new Error('boom')
  })
  await app.ready()
  await app.inject({ method: 'GET', url: '/ok?q=%22quoted%22', headers: { host: 'nestmate.test' } })
  await app.inject({ method: 'GET', url: '/boom' })
  ;(options.logger as { stream: { flush(): void } }).stream.flush()
  await app.close()
  const [ok, ...rest] = lines.map((line) => JSON.parse(line) as Record<string, unknown>)
  // A handler's error is logged by the error handler, and its request is then completed like any other.
  const logged = rest.find((line) => line.level === 50)
  const completed = rest.find((line) => line.msg === 'request completed')
  expect(Object.keys(ok!)).toEqual([
    'level',
    'time',
    'pid',
    'hostname',
    'reqId',
    'req',
    'res',
    'responseTime',
    'msg',
  ])
  expect(ok).toMatchObject({
    level: 30,
    pid: process.pid,
    reqId: 'req-1',
    req: { method: 'GET', url: '/ok?q=%22quoted%22', host: 'nestmate.test', remoteAddress: '127.0.0.1' },
    res: { statusCode: 200 },
    msg: 'request completed',
  })
  expect(typeof ok!.responseTime).toBe('number')
  expect(logged).toMatchObject({ err: { message: 'boom' } })
  expect(completed).toMatchObject({ level: 30, reqId: 'req-2', res: { statusCode: 500 } })
})

test('at a level above info, finished requests write nothing', async () => {
  const { default: Fastify } = await import('fastify')
  const lines: string[] = []
  const options = loggerOptions('warn', { write: (text) => lines.push(text) })
  const app = Fastify(options)
  app.get('/ok', async () => ({ ok: true }))
  await app.inject({ method: 'GET', url: '/ok' })
  ;(options.logger as { stream: { flush(): void } }).stream.flush()
  await app.close()
  expect(lines).toEqual([])
})

test('an event stream the client leaves is one line, as any request, with no stream error', async () => {
  const { default: Fastify } = await import('fastify')
  const { PassThrough } = await import('node:stream')
  const lines: string[] = []
  const options = loggerOptions('info', { write: (text) => lines.push(...text.trimEnd().split('\n')) })
  const app = Fastify(options)
  app.get('/events', async (_request, reply) => {
    const body = new PassThrough()
    body.write('retry: 1000\n\n')
    return reply.header('content-type', 'text/event-stream').send(body)
  })
  const base = await app.listen({ port: 0, host: '127.0.0.1' })
  const { openSse } = await import('./live/test-sse.ts')
  const client = await openSse(`${base}/events`)
  await client.next((event) => event.event === '')
  client.close()
  const deadline = Date.now() + 5000
  while (!lines.join('').includes('request completed') && Date.now() < deadline) {
    ;(options.logger as { stream: { flush(): void } }).stream.flush()
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  await app.close()
  // Every line is JSON; the one about the request is its only one.
  const parsed = lines.map((line) => JSON.parse(line) as Record<string, unknown>).filter((line) => line.reqId)
  expect(parsed.map((line) => line.msg)).toEqual(['request completed'])
  expect(parsed[0]).toMatchObject({ req: { url: '/events', remoteAddress: null }, res: { statusCode: 200 } })
})
