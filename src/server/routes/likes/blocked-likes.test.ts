import { describe, expect, test } from 'vitest'
import { createListing, signUp, useTestApp } from '../../test/app.ts'
import { blockAs, startAs, verifiedUser } from '../conversations/test-requests.ts'
import { detailsAs, likeAs, likersAs } from './test-requests.ts'

// A block separates two people both ways (docs/decisions/073): a like between them reveals no contacts, and the
// owner's "interested" list doesn't name the other.

const t = useTestApp()
const PHONE = '555 0142'

/** A poster whose listing has a phone number, a seeker who wrote about it, and the conversation between them. */
async function pair() {
  const poster = await signUp(t.app)
  const seeker = await verifiedUser(t)
  const listingId = await createListing(t.app, poster, { number: PHONE })
  const started = await startAs(t.app, seeker, listingId)
  return {
    poster,
    seeker,
    listingId,
    conversationId: started.json<{ conversationId: string }>().conversationId,
  }
}

describe('likes across a block', () => {
  for (const blocker of ['poster', 'seeker'] as const)
    test(`the ${blocker} blocks: the seeker's like reveals no contacts, the poster's list doesn't name them`, async () => {
      const { poster, seeker, conversationId, listingId } = await pair()
      expect((await blockAs(t.app, blocker === 'poster' ? poster : seeker, conversationId)).statusCode).toBe(
        200,
      )

      const like = await likeAs(t.app, seeker, listingId)
      expect(like.statusCode).toBe(200)
      expect(like.json()).toEqual({ likes: 1, liked: true })
      const details = await detailsAs(t.app, seeker, listingId)
      expect(details.json()).toMatchObject({ likedByMe: true })
      for (const answer of [like, details]) {
        expect(answer.body).not.toContain(PHONE)
        expect(answer.body).not.toContain(poster.email)
      }
      expect((await likersAs(t.app, poster, listingId)).json()).toEqual([])

      // Unblocked, the like is an ordinary one again.
      await blockAs(t.app, blocker === 'poster' ? poster : seeker, conversationId, false)
      expect((await detailsAs(t.app, seeker, listingId)).json()).toMatchObject({
        number: PHONE,
        userEmail: poster.email,
      })
      expect((await likersAs(t.app, poster, listingId)).json()).toEqual([
        expect.objectContaining({ name: seeker.name }),
      ])
    })
})
