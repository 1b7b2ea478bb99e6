import { createElement } from 'react'
import { renderToString } from 'react-dom/server'
import { StaticRouter } from 'react-router'
import { expect, test } from 'vitest'
import { ListingCard, type CardListing } from './listing-card.tsx'

// A demo listing's card says it is an example, with or without a photo; a real one's doesn't.

const listing = (isExample: boolean): CardListing => ({
  _id: '6650f0c2a1b2c3d4e5f60718',
  title: 'Sunny room in Kreuzberg',
  location: 'Berlin',
  availability: 'Available',
  userName: 'Maya Chen',
  isExample,
  confirmedAt: '2026-11-20T10:00:00.000Z',
  rent: 650,
  cover: null,
  ownerVerified: false,
  referenceCount: 0,
  replyRate: null,
  replyHours: null,
})

const card = (isExample: boolean) =>
  renderToString(
    createElement(
      StaticRouter,
      { location: '/browse-listing' },
      createElement(ListingCard, {
        listing: listing(isExample),
        to: '/browse-listing-details/x',
        currency: 'USD',
      }),
    ),
  )

test('an example listing’s card is marked as one', () => {
  expect(card(true)).toContain('>Example listing</span>')
})

test('a real listing’s card is not', () => {
  expect(card(false)).not.toContain('Example')
})
