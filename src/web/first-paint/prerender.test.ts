import { describe, expect, test } from 'vitest'
import { PRERENDERED_PATHS, renderFirstPaint } from './prerender.tsx'

describe('the prerendered first paint of the public pages', () => {
  test.each(PRERENDERED_PATHS)(
    '%s renders the layout and its own content, with its title for <head>',
    async (path) => {
      const { head, markup } = await renderFirstPaint(path)
      expect(head).toMatch(/<title>Nestmate \| [^<]+<\/title>/)
      expect(markup).not.toContain('<title>')
      expect(markup).toContain('aria-label="Main"')
      expect(markup).toContain('<main id="main"')
      expect(markup).toContain('All rights reserved.')
      // Nothing that waits on the visitor or on data is baked in: those parts are left at their loading state.
      expect(markup).toContain('Checking sign-in')
      expect(markup).not.toContain('Loading Nestmate')
      // ... drawn by AfterHydration, not as a Suspense boundary's fallback, which React would render in the browser
      // in one uninterrupted task (and report as a recoverable error).
      expect(markup).not.toContain('<!--$!')
    },
  )

  test('the home page has the banner’s first slide and the featured rooms still loading', async () => {
    const { markup } = await renderFirstPaint('/')
    expect(markup).toContain('Find Your Ideal Roommate')
    expect(markup).toContain('Loading featured rooms')
    // The slide's illustration comes before its text in the markup, as on a phone's screen: a phone that paints the
    // page while its HTML still arrives must not show the text where the illustration then pushes it from.
    const slide = markup.slice(markup.indexOf('aria-label="Highlights"'))
    expect(slide.indexOf('<svg')).toBeGreaterThan(-1)
    expect(slide.indexOf('<svg')).toBeLessThan(slide.indexOf('Find Your Ideal Roommate'))
  })

  test('the browse page has its heading, the default filters and the results still loading', async () => {
    const { markup } = await renderFirstPaint('/browse-listing')
    expect(markup).toContain('Every room on Nestmate.')
    expect(markup).toContain('Loading listings')
    expect(markup).not.toContain('Posted by:')
  })

  test.each([
    ['/', 'early-featured'],
    ['/browse-listing', 'early-browse'],
  ])(
    '%s leaves a slot for its early cards and has their templates, from the real card',
    async (path, name) => {
      const { markup, templates } = await renderFirstPaint(path)
      expect(markup).toMatch(
        new RegExp(`<div data-early-cards="/api/[a-z-]+" data-template="${name}"></div>`),
      )
      expect(templates).toContain(`<template id="${name}">`)
      // One card, every field a token for early-cards.js to fill, and the parts that vary by value.
      const card = templates!.slice(templates!.indexOf(`<template id="${name}-card"`))
      for (const token of [
        '~title~',
        '~location~',
        '~placeName~',
        '~roomType~',
        '~userName~',
        '~availability~',
        '~advertiser~',
      ])
        expect(card).toContain(token)
      expect(card).toContain('href="/browse-listing-details/~_id~"')
      expect(card).toContain('data-kind="listing"')
      // Each formatted field's sample is in the card for the script to find, and each advertiser's words are given.
      const samples = JSON.parse(
        /data-samples="([^"]+)"/.exec(card)![1]!.replaceAll('&quot;', '"').replaceAll('&amp;', '&'),
      ) as Record<string, string | Record<string, string>>
      const { advertisers, ...texts } = samples
      expect(texts).toEqual({
        rent: '$987,654,321',
        verified: 'E-mail verified',
        references: '987654 references',
        quick: 'Replies quickly',
      })
      for (const sample of Object.values(texts)) expect(card).toContain(sample)
      expect(advertisers).toEqual({
        live_in_landlord: 'Landlord who lives there',
        live_out_landlord: 'Landlord who lives elsewhere',
        flatmate: 'Current flatmate',
        agent: 'Letting agent',
      })
      // The script writes the listing's time and "Confirmed … ago" into the card's only <time>.
      expect(card.match(/<time datetime="[^"]+">Confirmed [^<]+<\/time>/gi)).toHaveLength(1)
      for (const part of ['Available', 'Not Available', 'no-cover', 'example'])
        expect(templates).toContain(`<template id="early-part-${part}">`)
    },
  )

  test('Rooms wanted has its heading, its filter form, the ads still loading, and its cards’ templates', async () => {
    const { markup, templates } = await renderFirstPaint('/rooms-wanted')
    expect(markup).toContain('>Rooms wanted</h1>')
    expect(markup).toMatch(
      /<form role="search" aria-label="Filter rooms wanted"[^>]* action="\/rooms-wanted" method="get">/,
    )
    expect(markup).toContain('Loading ads')
    expect(markup).toContain('<div data-early-cards="/api/seeker-ads" data-template="early-seekers"></div>')
    const card = templates!.slice(templates!.indexOf('<template id="early-seekers-card"'))
    expect(card).toContain('data-kind="seeker"')
    for (const token of ['~headline~', '~userName~', '~roomTypes~', 'src="~userPhoto~"'])
      expect(card).toContain(token)
    expect(card).toContain('href="/rooms-wanted/~_id~"')
    // Each formatted field's sample is in the card, for the script to find and replace.
    const samples = JSON.parse(
      /data-samples="([^"]+)"/.exec(card)![1]!.replaceAll('&quot;', '"').replaceAll('&amp;', '&'),
    ) as Record<string, string>
    expect(Object.keys(samples).sort()).toEqual([
      'areas',
      'budget',
      'example',
      'match',
      'moveIn',
      'quick',
      'references',
      'stay',
      'verified',
    ])
    for (const sample of Object.values(samples)) expect(card).toContain(sample)
    expect(templates).toContain('<template id="early-part-no-photo">')
  })

  test('the other public pages have no early cards', async () => {
    expect((await renderFirstPaint('/about')).templates).toBeUndefined()
  })

  test('a path without a first paint is refused', async () => {
    await expect(renderFirstPaint('/dashboard')).rejects.toThrow('/dashboard has no first paint')
  })
})
