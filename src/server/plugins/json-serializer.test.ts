import { describe, expect, test } from 'vitest'
import { z } from 'zod'
import { ListingSummarySchema } from '#shared/listing.ts'
import { precompiledSerializer } from './json-serializer.ts'

const summary = {
  _id: '6f1c1f7e-3b7a-4d51-9a43-1f2f4b8e0c11',
  title: 'Room "with" quotes \u2028 and </script>',
  location: 'Berlin',
  rent: 780,
  roomType: 'Single',
  lifestyle: '',
  availability: 'Available',
  userName: 'Ana',
  isExample: false,
  advertiser: null,
  likes: 3,
  createdAt: '2024-05-01T10:00:00.123Z',
  confirmedAt: '2024-06-01T08:30:00.456Z',
  ...{ placeId: 2950159, placeName: 'Berlin, Germany', lat: 52.52437, lon: 13.41053 },
  cover: null,
  // The poster's badges (decision 096): response stats are null below 3 enquiries.
  ...{ ownerVerified: true, referenceCount: 2, replyRate: null, replyHours: null },
}
const withCover = {
  ...summary,
  cover: { url: '/photos/x/y-800.webp', width: 800, height: 600, placeholder: 'AbC+/=' },
  ...{ ownerVerified: false, referenceCount: 0, replyRate: 85, replyHours: 4 },
}

describe('precompiledSerializer', () => {
  const serialize = precompiledSerializer({ schema: z.array(ListingSummarySchema) })

  test('writes what JSON.stringify would for an answer of the schema', () => {
    expect(JSON.parse(serialize([summary, withCover]))).toEqual([summary, withCover])
  })

  test('leaves out every property the schema does not declare', () => {
    const answer = serialize([{ ...summary, number: '555 0000', userEmail: 'ana@example.com' }])
    expect(answer).not.toContain('555 0000')
    expect(answer).not.toContain('ana@example.com')
    expect(JSON.parse(answer)).toEqual([summary])
  })
})
