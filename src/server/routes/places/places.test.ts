import { describe, expect, test } from 'vitest'
import { injectAs, useTestApp } from '../../test/app.ts'

type Place = { id: number; name: string; region: string; country: string; population: number }

const t = useTestApp()
const places = (query: string) => injectAs(t.app, null, { method: 'GET', url: `/api/places?${query}` })

async function names(query: string): Promise<string[]> {
  const response = await places(query)
  expect(response.statusCode).toBe(200)
  return response.json<Place[]>().map((place) => place.name)
}

describe('GET /api/places', () => {
  test('is public and answers the gazetteer fields, biggest first', async () => {
    const response = await places('q=ber')
    expect(response.statusCode).toBe(200)
    const answer = response.json<Place[]>()
    expect(answer).toHaveLength(8)
    expect(answer[0]).toEqual({
      id: 2950159,
      name: 'Berlin',
      region: '16',
      country: 'DE',
      lat: 52.52437,
      lon: 13.41053,
      population: 3426354,
    })
    const populations = answer.map((place) => place.population)
    expect(populations).toEqual([...populations].sort((a, b) => b - a))
  })

  test('finds a place by its local or English name, saying which other name matched', async () => {
    for (const [query, name, alias] of [
      ['München', 'Munich', 'München'],
      ['wien', 'Vienna', 'Wien'],
      ['Lisboa', 'Lisbon', 'Lisboa'],
      ['roma', 'Rome', 'Roma'],
      ['Cologne', 'Köln', 'Cologne'],
    ]) {
      const [first] = (await places(`q=${encodeURIComponent(query!)}`)).json<(Place & { alias?: string })[]>()
      expect([first?.name, first?.alias], query).toEqual([name, alias])
    }
    const [koeln] = (await places(`q=${encodeURIComponent('Köln')}`)).json<(Place & { alias?: string })[]>()
    expect(koeln).toMatchObject({ name: 'Köln', country: 'DE' })
    expect(koeln).not.toHaveProperty('alias')
  })

  test('matches a prefix of the name, ignoring case and accents', async () => {
    expect((await names('q=zur'))[0]).toBe('Zürich')
    expect((await names(`q=${encodeURIComponent('ZÜR')}`))[0]).toBe('Zürich')
    expect((await names('q=sao'))[0]).toBe('São Paulo')
    expect((await names(`q=${encodeURIComponent('São p')}`))[0]).toBe('São Paulo')
    expect(await names('q=%20%20fitzroy')).toContain('Fitzroy')
    // Only the beginning of the name: "paulo" is inside "São Paulo", not at its start.
    expect(await names('q=paulo&limit=20')).not.toContain('São Paulo')
  })

  test('a one-letter prefix answers the biggest places of that letter', async () => {
    expect(await names('q=s&limit=3')).toEqual(['Shanghai', 'Shenzhen', 'Seoul'])
    expect(await names('q=S&limit=2')).toEqual(['Shanghai', 'Shenzhen'])
  })

  test('limit takes 1 to 20, 8 by default', async () => {
    expect(await names('q=a')).toHaveLength(8)
    expect(await names('q=a&limit=1')).toHaveLength(1)
    expect(await names('q=a&limit=20')).toHaveLength(20)
    for (const limit of ['0', '21', 'x', '1.5'])
      expect((await places(`q=a&limit=${limit}`)).json()).toMatchObject({ error: 'limit must be 1 to 20.' })
  })

  test('an empty query or one nothing starts with answers an empty list', async () => {
    expect(await names('')).toEqual([])
    expect(await names('q=')).toEqual([])
    expect(await names('q=%20%20')).toEqual([])
    expect(await names('q=qqqqzzzz')).toEqual([])
  })

  test('a query longer than 100 characters is a 400', async () => {
    expect(await names(`q=${'a'.repeat(100)}`)).toEqual([])
    const response = await places(`q=${'a'.repeat(200)}`)
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({ error: 'q must be at most 100 characters.' })
    expect((await places('q=a%00b')).statusCode).toBe(400)
  })
})
