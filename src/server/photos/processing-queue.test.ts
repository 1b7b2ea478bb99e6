import { expect, test } from 'vitest'
import { createProcessingQueue } from './processing-queue.ts'

test('one photo at a time, in order; a full line is refused with a 503', async () => {
  const queued = createProcessingQueue(1, 2)
  const events: string[] = []
  const releases: (() => void)[] = []
  const job = (name: string) => () =>
    new Promise<string>((resolve) => {
      events.push(`start ${name}`)
      releases.push(() => {
        events.push(`end ${name}`)
        resolve(name)
      })
    })
  const a = queued(job('a'))
  const b = queued(job('b'))
  const c = queued(job('c'))
  await expect(queued(job('d'))).rejects.toMatchObject({ statusCode: 503 })
  await Promise.resolve()
  expect(events).toEqual(['start a'])
  releases.shift()!()
  expect(await a).toBe('a')
  await new Promise((resolve) => setTimeout(resolve, 0))
  expect(events).toEqual(['start a', 'end a', 'start b'])
  releases.shift()!()
  await b
  await new Promise((resolve) => setTimeout(resolve, 0))
  releases.shift()!()
  expect(await c).toBe('c')
  expect(events).toEqual(['start a', 'end a', 'start b', 'end b', 'start c', 'end c'])
})

test('a failed photo frees its place for the next', async () => {
  const queued = createProcessingQueue(1, 1)
  const failing = queued(() => Promise.reject(new Error('broken')))
  const next = queued(() => Promise.resolve('next'))
  await expect(failing).rejects.toThrow('broken')
  expect(await next).toBe('next')
})
