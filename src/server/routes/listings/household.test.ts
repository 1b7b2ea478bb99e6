import { describe, expect, test } from 'vitest'
import { createListing, injectAs, sampleListing, signUp, useTestApp } from '../../test/app.ts'

const t = useTestApp()

const browseIds = async (query: string) => {
  const response = await injectAs(t.app, null, {
    method: 'GET',
    url: `/api/roommate-listings?limit=100&${query}`,
  })
  expect(response.statusCode).toBe(200)
  return response.json<{ _id: string }[]>().map((listing) => listing._id)
}

describe('household facts', () => {
  test('are saved, shown on details, and cleared by an edit that leaves them out', async () => {
    const poster = await signUp(t.app)
    const id = await createListing(t.app, poster)
    const details = () => injectAs(t.app, poster, { method: 'GET', url: `/api/roommate-listings/${id}` })
    expect((await details()).json()).toMatchObject({
      availableFrom: '2026-12-01',
      minStayMonths: 6,
      billsIncluded: true,
      furnished: true,
      petsAllowed: false,
      smokingAllowed: false,
      householdSize: 2,
    })
    // What a form sends for facts left unsaid: empty strings.
    const unsaid = {
      availableFrom: '',
      minStayMonths: '',
      householdSize: '',
      billsIncluded: '',
      furnished: '',
    }
    const edited = await injectAs(t.app, poster, {
      method: 'PUT',
      url: `/api/roommate-listings/${id}`,
      payload: sampleListing({ ...unsaid, petsAllowed: 'true', smokingAllowed: undefined }),
    })
    expect(edited.statusCode).toBe(200)
    expect((await details()).json()).toMatchObject({
      availableFrom: null,
      minStayMonths: null,
      householdSize: null,
      billsIncluded: null,
      furnished: null,
      petsAllowed: true,
      smokingAllowed: null,
    })
  })

  test.each([
    ['minStayMonths', 0, 'Minimum stay (months) must be a whole number from 1 to 36, or empty.'],
    ['minStayMonths', 37, 'Minimum stay (months) must be a whole number from 1 to 36, or empty.'],
    ['minStayMonths', 2.5, 'Minimum stay (months) must be a whole number from 1 to 36, or empty.'],
    ['householdSize', 13, 'People already living there must be a whole number from 0 to 12, or empty.'],
    ['householdSize', -1, 'People already living there must be a whole number from 0 to 12, or empty.'],
    ['availableFrom', '2026-02-30', 'Move-in date must be a date written YYYY-MM-DD.'],
    ['availableFrom', '1999-12-31', 'Move-in date must be between 2000 and 2099.'],
    ['billsIncluded', 'maybe', 'Bills included must be true, false or empty.'],
    ['smokingAllowed', 1, 'Smoking allowed must be true, false or empty.'],
  ])('refuses %s = %s with a 400 that says what to fix', async (field, value, message) => {
    const poster = await signUp(t.app)
    const response = await injectAs(t.app, poster, {
      method: 'POST',
      url: '/api/roommate-listings',
      payload: sampleListing({ [field]: value }),
    })
    expect(response.statusCode).toBe(400)
    expect(response.json().error).toBe(message)
  })

  test('browse filters by move-in date, yes-only facts and the minimum stay', async () => {
    const poster = await signUp(t.app)
    const tag = `household${Date.now()}`
    const make = (facts: object) => createListing(t.app, poster, { title: tag, ...facts })
    const early = await make({
      availableFrom: '2026-01-10',
      minStayMonths: 1,
      billsIncluded: true,
      furnished: true,
    })
    const late = await make({
      availableFrom: '2027-06-01',
      minStayMonths: 12,
      petsAllowed: true,
      furnished: false,
      billsIncluded: false,
    })
    const unsaid = await make({
      availableFrom: '',
      minStayMonths: '',
      billsIncluded: '',
      furnished: '',
      petsAllowed: '',
      smokingAllowed: true,
    })
    const ids = (query: string) => browseIds(`q=${tag}&sort=newest&${query}`)
    const sorted = (...list: string[]) => list.sort()

    expect(sorted(...(await ids('moveInBy=2026-03-01')))).toEqual(sorted(early, unsaid))
    expect(await ids('billsIncluded=true')).toEqual([early])
    expect(await ids('furnished=true')).toEqual([early])
    expect(await ids('petsAllowed=true')).toEqual([late])
    expect(await ids('smokingAllowed=true')).toEqual([unsaid])
    expect(await ids('minStay=6')).toEqual([late])
    expect(sorted(...(await ids('maxStay=6')))).toEqual(sorted(early, unsaid))
    expect(await ids('minStay=2&maxStay=12')).toEqual([late])
    const counted = await injectAs(t.app, null, {
      method: 'GET',
      url: `/api/roommate-listings?q=${tag}&maxStay=6`,
    })
    expect(counted.headers['x-total-count']).toBe('2')
  })

  test.each([
    ['billsIncluded=false', 'billsIncluded may only be true (or left out).'],
    ['moveInBy=tomorrow', 'moveInBy must be a date written YYYY-MM-DD.'],
    ['minStay=0', 'minStay must be a whole number of months from 1 to 36.'],
    ['maxStay=40', 'maxStay must be a whole number of months from 1 to 36.'],
  ])('refuses the filter %s with a 400', async (query, message) => {
    const response = await injectAs(t.app, null, { method: 'GET', url: `/api/roommate-listings?${query}` })
    expect([response.statusCode, response.json().error]).toEqual([400, message])
  })
})
