import { describe, expect, test } from 'vitest'
import { SAVED_SEARCHES_MAX } from '#shared/saved-searches.ts'
import { injectAs, signUp, useTestApp } from '../../test/app.ts'
import { testDatabaseKind } from '../../test/database.ts'
import { changeAs, deleteAs, listAs, saveAs, savedSearchOf, seenAs } from './test-requests.ts'

const t = useTestApp()

describe(`saved searches on ${testDatabaseKind}`, () => {
  test('a person saves a browse view, without its page, and sees it listed with no new rooms', async () => {
    const person = await signUp(t.app)
    const saved = await saveAs(t.app, person, {
      name: '  Cheap singles  ',
      query: '?roomType=Single&maxRent=900&cursor=abc&limit=5&sort=newest&q=',
    })
    expect(saved.statusCode).toBe(201)
    const { savedSearch } = saved.json()
    expect(savedSearch).toMatchObject({
      name: 'Cheap singles',
      query: 'roomType=Single&maxRent=900&sort=newest',
      alert: 'daily',
      newCount: 0,
    })
    const listed = await listAs(t.app, person)
    expect(listed.headers['cache-control']).toBe('no-store')
    expect(listed.json()).toEqual([savedSearch])
    // Another person's list holds none of it.
    expect((await listAs(t.app, await signUp(t.app))).json()).toEqual([])
  })

  test.each([
    'maxRent=12.5',
    'sort=cheapest',
    'roomType=Palace',
    'sort=distance',
    'near=1&radiusKm=10',
    'radiusKm=900',
    `q=${'x'.repeat(101)}`,
    'minStay=0',
  ])('a query browse refuses (%s) is refused with browse’s message', async (query) => {
    const person = await signUp(t.app)
    const browse = await injectAs(t.app, null, { method: 'GET', url: `/api/roommate-listings?${query}` })
    expect(browse.statusCode).toBe(400)
    const saved = await saveAs(t.app, person, { name: 'Bad', query })
    expect(saved.statusCode).toBe(400)
    expect(saved.json().error).toBe(browse.json().error)
  })

  test('bad names and alerts are 400s; no one keeps more than ten', async () => {
    const person = await signUp(t.app)
    for (const payload of [
      { name: '', query: '' },
      { name: 'x'.repeat(61), query: '' },
      { name: 'two\nlines', query: '' },
      { name: 'ok', query: '', alert: 'hourly' },
      { name: 'ok', query: 'x'.repeat(1001) },
    ])
      expect((await saveAs(t.app, person, payload)).statusCode).toBe(400)
    for (let i = 0; i < SAVED_SEARCHES_MAX; i++)
      expect((await saveAs(t.app, person, { name: `Search ${i}`, query: `maxRent=${i}` })).statusCode).toBe(
        201,
      )
    const eleventh = await saveAs(t.app, person, { name: 'One more', query: '' })
    expect(eleventh.statusCode).toBe(409)
    expect(eleventh.json().error).toMatch(/at most 10 saved searches/)
  })

  test('its owner renames it, changes its alert, marks it seen and deletes it; anyone else gets 404', async () => {
    const owner = await signUp(t.app)
    const other = await signUp(t.app)
    const id = await savedSearchOf(t.app, owner, 'roomType=Studio')
    expect((await changeAs(t.app, other, id, { name: 'Mine now' })).statusCode).toBe(404)
    expect((await seenAs(t.app, other, id)).statusCode).toBe(404)
    expect((await deleteAs(t.app, other, id)).statusCode).toBe(404)
    expect((await changeAs(t.app, null, id, { name: 'x' })).statusCode).toBe(401)
    expect((await changeAs(t.app, owner, id, { alert: 'weekly' })).statusCode).toBe(400)
    expect((await changeAs(t.app, owner, id, {})).json().savedSearch).toMatchObject({ alert: 'instant' })

    const renamed = await changeAs(t.app, owner, id, { name: 'Studios', alert: 'off' })
    expect(renamed.json().savedSearch).toMatchObject({ name: 'Studios', alert: 'off' })
    expect((await seenAs(t.app, owner, id)).json().savedSearch.newCount).toBe(0)
    expect((await deleteAs(t.app, owner, id)).statusCode).toBe(200)
    expect((await deleteAs(t.app, owner, id)).statusCode).toBe(404)
    expect((await listAs(t.app, owner)).json()).toEqual([])
  })

  test('signed out, every call is a 401', async () => {
    expect((await listAs(t.app, null)).statusCode).toBe(401)
    expect((await saveAs(t.app, null, { name: 'x', query: '' })).statusCode).toBe(401)
  })
})
