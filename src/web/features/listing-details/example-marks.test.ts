import { createElement, type ReactElement } from 'react'
import { renderToString } from 'react-dom/server'
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router'
import { expect, test } from 'vitest'
import type { LikeResult, ListingDetail } from '#shared/listing.ts'
import { ListingView } from './listing-view.tsx'

// The demo data's made-up rooms and people are marked as examples on the details and beside the phone number and
// e-mail address a like reveals (the card: ../listings/listing-card.test.ts). The end-to-end suite runs without
// demo data.

/** The element as the app draws it, inside a data router (the details' Unlike uses a fetcher). */
async function render(element: ReactElement): Promise<string> {
  const handler = createStaticHandler([{ path: '/', Component: () => element }])
  const context = await handler.query(new Request('http://nestmate.invalid/'))
  if (context instanceof Response) throw new Error('no page')
  return renderToString(
    createElement(StaticRouterProvider, {
      router: createStaticRouter(handler.dataRoutes, context),
      context,
      hydrate: false,
    }),
  )
}

/** The words as read: a tag separates words, except the line-break hints inside an e-mail address. */
const text = (html: string) =>
  html
    .replace(/<wbr\/?>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')

const listing = (isExample: boolean): ListingDetail => ({
  _id: '6650f0c2a1b2c3d4e5f60718',
  ownerId: '0b6c7f3e-5d2a-4c1b-9e8f-7a6b5c4d3e2f',
  replyRate: null,
  replyHours: null,
  referenceCount: 0,
  title: 'Sunny room in Kreuzberg',
  location: 'Berlin',
  rent: 650,
  roomType: 'Single',
  lifestyle: 'Quiet evenings',
  availability: 'Available',
  userName: 'Maya Chen',
  isExample,
  likes: 0,
  createdAt: '2026-11-20T10:00:00.000Z',
  confirmedAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  placeId: null,
  placeName: null,
  lat: null,
  lon: null,
  cover: null,
  description: 'A bright room.',
  contact: 'https://facebook.com/maya.rooms',
  ownerVerified: true,
  advertiser: null,
  availableFrom: null,
  minStayMonths: null,
  householdSize: null,
  billsIncluded: null,
  furnished: null,
  petsAllowed: null,
  smokingAllowed: null,
  likedByMe: false,
  isOwner: false,
  match: null,
  hasLivingProfile: false,
  photos: [],
})

const like: LikeResult = {
  likes: 1,
  liked: true,
  number: '+1 (212) 555-0131',
  userEmail: 'maya.chen@demo.nestmate.test',
}

const details = (isExample: boolean, liked: LikeResult | null) =>
  render(
    createElement(ListingView, {
      listing: listing(isExample),
      currency: 'USD',
      like: liked,
      isLiking: false,
      onLike: () => {},
      backTo: '/browse-listing',
    }),
  )

test('an example listing’s details and revealed contacts say it is an example', async () => {
  const page = text(await details(true, null))
  expect(page).toContain('Example listing This room and its poster are made up')

  const revealed = text(await details(true, like))
  expect(revealed).toMatch(/Phone: \+1 \(212\) 555-0131 Example/)
  expect(revealed).toMatch(/E-mail: maya\.chen@demo\.nestmate\.test.*Example/)
  expect(revealed).toContain(
    'Liked. Phone: +1 (212) 555-0131. E-mail: maya.chen@demo.nestmate.test. Both are examples.',
  )
})

test('a real listing’s details and revealed contacts carry no Example mark', async () => {
  expect(text(await details(false, like))).not.toMatch(/Example|made up|examples/)
})
