import { describe, expect, it } from 'vitest'
import { API } from '#shared/api.ts'
import { PAGES } from '#shared/pages.ts'
import { browseSearchParams, DEFAULT_VIEW, readBrowseView } from './browse-api.ts'

describe('readBrowseView', () => {
  it('gives the default view for an address without view parameters', async () => {
    expect(await readBrowseView(new URLSearchParams())).toEqual(DEFAULT_VIEW)
    expect(await readBrowseView(new URLSearchParams('utm_source=mail&q=%20'))).toEqual(DEFAULT_VIEW)
  })

  it('reads each parameter with the API schema and drops only the bad ones', async () => {
    const view = await readBrowseView(
      new URLSearchParams('sort=newest&roomType=Studio&q=%20Dhaka%20&minRent=abc&maxRent=900'),
    )
    expect(view).toEqual({ sort: 'newest', roomType: 'Studio', q: 'Dhaka', maxRent: 900 })
  })

  it('reads the Available only switch; anything but true leaves it off', async () => {
    expect(await readBrowseView(new URLSearchParams('available=true'))).toEqual({
      ...DEFAULT_VIEW,
      available: true,
    })
    expect(await readBrowseView(new URLSearchParams('available=false'))).toEqual(DEFAULT_VIEW)
    expect(await readBrowseView(new URLSearchParams('available=on'))).toEqual(DEFAULT_VIEW)
  })

  it('falls back to the default sort and no room type for values the API refuses', async () => {
    expect(await readBrowseView(new URLSearchParams('sort=cheapest&roomType=Castle'))).toEqual(DEFAULT_VIEW)
    expect(await readBrowseView(new URLSearchParams('roomType=All'))).toEqual(DEFAULT_VIEW)
  })
})

describe('browseSearchParams', () => {
  it('leaves out the default sort and empty values, so shared links stay short', () => {
    expect(browseSearchParams({ sort: 'rent_asc', q: '', minRent: 100 }).toString()).toBe('minRent=100')
    expect(browseSearchParams({ sort: 'newest', roomType: 'Shared' }).toString()).toBe(
      'sort=newest&roomType=Shared',
    )
  })

  it('round-trips through readBrowseView', async () => {
    const view = {
      sort: 'rent_desc',
      roomType: 'Single',
      q: 'Gulshan',
      minRent: 200,
      maxRent: 800,
      available: true,
    } as const
    expect(await readBrowseView(browseSearchParams(view))).toEqual(view)
  })

  it('keeps a place, its name and a changed radius; leaves out the default radius', () => {
    const view = { sort: 'distance', near: 2950159, nearName: 'Berlin, Germany', radiusKm: 15 } as const
    expect(browseSearchParams(view).toString()).toBe('sort=distance&near=2950159&nearName=Berlin%2C+Germany')
    expect(browseSearchParams({ ...view, radiusKm: 50 }).get('radiusKm')).toBe('50')
  })

  it('drops the radius and nearest-first without a place', () => {
    expect(browseSearchParams({ sort: 'distance', radiusKm: 50, nearName: 'Berlin' }).toString()).toBe('')
  })
})

describe('readBrowseView with a place', () => {
  it('round-trips a place with its name and radius', async () => {
    const view = { sort: 'distance', near: 2950159, nearName: 'Berlin, Germany', radiusKm: 50 } as const
    expect(await readBrowseView(browseSearchParams(view))).toEqual(view)
  })

  it('carries a place name typed without a suggestion, unless a place was chosen', async () => {
    const typed = { sort: 'rent_asc', nearText: 'Boston' } as const
    expect(browseSearchParams(typed).toString()).toBe('nearText=Boston')
    expect(await readBrowseView(browseSearchParams(typed))).toEqual(typed)
    expect(browseSearchParams({ ...typed, near: 4930956, nearName: 'Boston' }).has('nearText')).toBe(false)
    expect(await readBrowseView(new URLSearchParams('near=4930956&nearText=Bos'))).not.toHaveProperty(
      'nearText',
    )
  })

  it('falls back to the default sort for nearest first without a place', async () => {
    expect(await readBrowseView(new URLSearchParams('sort=distance&radiusKm=50'))).toEqual(DEFAULT_VIEW)
  })
})

describe("the browse page's preloaded answers", () => {
  // The server names these in the page's HTML (the page table's `fetches`); an address that differs from what the
  // loader asks for isn't a preload but a second request.
  it('are the addresses the loader fetches for the plain /browse-listing', () => {
    expect(browseSearchParams(DEFAULT_VIEW).toString()).toBe('')
    expect(PAGES.browse.fetches).toEqual([API.listings, API.config])
  })
})
