import { expect, test } from 'vitest'
import { createListing, signUp, useTestApp } from '../../test/app.ts'
import { putTimesAs, sampleTimes, timesAs } from './test-requests.ts'

const t = useTestApp()

test('the owner sets viewing times; others read only the slots, the owner also the times', async () => {
  const owner = await signUp(t.app)
  const other = await signUp(t.app)
  const id = await createListing(t.app, owner)
  const times = sampleTimes({ videoLink: null })
  const saved = await putTimesAs(t.app, owner, id, times)
  expect([saved.statusCode, saved.json()]).toEqual([200, times])

  const seen = (await timesAs(t.app, other, id)).json()
  expect(Object.keys(seen).sort()).toEqual(['slots', 'timeZone'])
  expect(seen.slots.length).toBeGreaterThanOrEqual(20 * 12)
  expect(seen.slots[0]).toEqual({
    start: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:00:00\+0[12]:00$/),
    end: expect.any(String),
    kind: 'in_person',
    capacity: 2,
    free: 2,
  })
  const own = (await timesAs(t.app, owner, id)).json()
  expect(own).toMatchObject({ ...times, slots: seen.slots })

  expect((await putTimesAs(t.app, other, id, times)).json()).toEqual({
    error: 'You can only set viewing times of your own listings.',
  })
  expect((await putTimesAs(t.app, owner, crypto.randomUUID(), times)).statusCode).toBe(404)
  expect((await timesAs(t.app, other, crypto.randomUUID())).statusCode).toBe(404)
  expect((await timesAs(t.app, null, id)).statusCode).toBe(401)
})

test('a listing without times has no slots', async () => {
  const owner = await signUp(t.app)
  const id = await createListing(t.app, owner)
  expect((await timesAs(t.app, owner, id)).json()).toEqual({ timeZone: 'UTC', slots: [] })
})

const rule = { weekday: 1, from: '10:00', to: '12:00', slotMinutes: 30, capacity: 1, kind: 'in_person' }

test.each([
  ['an unknown zone', { timeZone: 'Mars/Olympus' }, 'timeZone'],
  ['a window ending before it starts', { rules: [{ ...rule, from: '12:00', to: '10:00' }] }, 'rules.0.to'],
  ['overlapping windows', { rules: [rule, { ...rule, from: '11:30', to: '13:00' }] }, 'rules.1.from'],
  [
    'an extra window overlapping another that day',
    {
      exceptions: [
        { date: '2027-01-04', ...rule },
        { date: '2027-01-04', ...rule, from: '11:00' },
      ],
    },
    'exceptions.1.from',
  ],
  ['slots under 15 minutes', { rules: [{ ...rule, slotMinutes: 10 }] }, 'rules.0.slotMinutes'],
  ['slots over 120 minutes', { rules: [{ ...rule, slotMinutes: 121 }] }, 'rules.0.slotMinutes'],
  ['more than 14 windows', { rules: Array.from({ length: 15 }, () => rule) }, 'rules'],
  [
    'more than 30 exceptions',
    { exceptions: Array.from({ length: 31 }, () => ({ date: '2027-01-01', off: true })) },
    'exceptions',
  ],
  ['a video link that is not https', { videoLink: 'http://meet.example/room' }, 'videoLink'],
  ['a video window without a link', { rules: [{ ...rule, kind: 'video' }] }, 'videoLink'],
])('400 naming the field for %s', async (_name, change, field) => {
  const owner = await signUp(t.app)
  const id = await createListing(t.app, owner)
  const refused = await putTimesAs(t.app, owner, id, sampleTimes({ rules: [], ...change }))
  expect(refused.statusCode).toBe(400)
  expect(refused.json().issues.map((issue: { path: string }) => issue.path)).toContain(field)
})
