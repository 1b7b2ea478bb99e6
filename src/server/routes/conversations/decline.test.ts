import { expect, test } from 'vitest'
import { injectAs, type TestUser, useTestApp } from '../../test/app.ts'
import {
  conversationBetween,
  headerAs,
  inboxAs,
  messagesAs,
  sendAs,
  startAs,
  verifiedUser,
} from './test-requests.ts'

// "Not a fit" (docs/api.md, Conversations): only the person contacted declines; then neither side can send.

const t = useTestApp()
const declineAs = (user: TestUser | null, id: string, payload: object = {}) =>
  injectAs(t.app, user, { method: 'POST', url: `/api/conversations/${id}/decline`, payload })

test('the poster declines with a message: both read it, neither can send, and the enquiry says declined', async () => {
  const { poster, seeker, id, listingId } = await conversationBetween(t)
  const declined = await declineAs(poster, id, { message: '  Sorry, not a fit.  ' })
  expect(declined.statusCode).toBe(200)
  expect(declined.json()).toMatchObject({ id, state: 'declined', startedByMe: false })

  const page = (await messagesAs(t.app, seeker, id)).json()
  expect(page.messages.slice(-2)).toMatchObject([
    { kind: 'text', mine: false, body: 'Sorry, not a fit.' },
    { kind: 'event', event: { type: 'declined' }, body: '' },
  ])
  expect((await inboxAs(t.app, seeker)).json()[0]).toMatchObject({ state: 'declined', startedByMe: true })
  expect((await headerAs(t.app, seeker, id)).json().state).toBe('declined')

  const refusal = 'This conversation was declined as not a fit: neither of you can send new messages.'
  for (const attempt of [
    sendAs(t.app, seeker, id, 'But why?'),
    sendAs(t.app, poster, id, 'One more thing'),
    // Starting again reuses the conversation: refused the same way.
    startAs(t.app, seeker, listingId, 'Hello again'),
  ]) {
    const answer = await attempt
    expect([answer.statusCode, answer.json().error]).toEqual([403, refusal])
  }
  const again = await declineAs(poster, id)
  expect(again.statusCode).toBe(409)
  expect((await messagesAs(t.app, poster, id)).json().messages).toHaveLength(3)
  // Not a block.
  expect((await headerAs(t.app, seeker, id)).json()).toMatchObject({ blockedByMe: false, blockedMe: false })
})

test('only the person contacted declines: 403 for the enquirer, 404 for anyone else; no message is optional', async () => {
  const { poster, seeker, id } = await conversationBetween(t)
  const byStarter = await declineAs(seeker, id)
  expect([byStarter.statusCode, byStarter.json().error]).toEqual([
    403,
    'Only the person you wrote to can decline this conversation.',
  ])
  expect((await declineAs(await verifiedUser(t), id)).statusCode).toBe(404)
  expect((await declineAs(poster, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404)
  expect((await declineAs(null, id)).statusCode).toBe(401)
  const tooLong = await declineAs(poster, id, { message: 'x'.repeat(2001) })
  expect(tooLong.statusCode).toBe(400)
  expect((await messagesAs(t.app, seeker, id)).json().messages).toHaveLength(1)

  // Without a message: only the event.
  expect((await declineAs(poster, id)).statusCode).toBe(200)
  expect((await messagesAs(t.app, seeker, id)).json().messages.map((m: { kind: string }) => m.kind)).toEqual([
    'text',
    'event',
  ])
})
