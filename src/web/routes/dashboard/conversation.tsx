import { useCallback, useRef } from 'react'
import {
  useLoaderData,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type ShouldRevalidateFunctionArgs,
} from 'react-router'
import { DeclineSchema, NewMessageSchema, type Message } from '#shared/conversations.ts'
import { RATINGS } from '#shared/references.ts'
import { NewReviewSchema } from '#shared/reviews.ts'
import { PageTitle } from '../../components/page-title.tsx'
import { RouteErrorBoundary } from '../../components/route-error.tsx'
import { ApiRequestError } from '../../lib/api.ts'
import { withSession } from '../../lib/require-session.ts'
import {
  declineConversation,
  getConversation,
  getMessages,
  markMovedIn,
  sendMessage,
  writeReview,
  setBlocked,
} from '../../features/conversations/api.ts'
import { Composer } from '../../features/conversations/composer.tsx'
import { ConversationHeader } from '../../features/conversations/conversation-header.tsx'
import { MessageBubble } from '../../features/conversations/message-bubble.tsx'
import { EventNote } from '../../features/conversations/event-note.tsx'
import { seenMessageId } from '../../features/conversations/merge-messages.ts'
import { ReportButton } from '../../components/report-button.tsx'
import { reportAction } from '../../lib/report-action.ts'
import { useConversation } from '../../features/conversations/use-conversation.ts'
import { useFollowEnd } from '../../features/conversations/use-follow-end.ts'
import { NewMessagesPill } from '../../features/conversations/new-messages-pill.tsx'
import { DELETED_ACCOUNT } from '../../features/conversations/avatar.tsx'
import { SlotPicker } from '../../features/viewings/slot-picker.tsx'
import { ViewingEventDetail } from '../../features/viewings/viewing-event-detail.tsx'

export async function loader({ request, params }: LoaderFunctionArgs) {
  const id = params.id ?? ''
  const [conversation, page] = await withSession(request, () =>
    Promise.all([getConversation(id), getMessages(id)]),
  )
  return { conversation, page }
}

const failure = (error: unknown) =>
  error instanceof ApiRequestError ? error.message : 'Something went wrong; please try again.'

export async function action({ request, params }: ActionFunctionArgs) {
  const id = params.id ?? ''
  const form = await request.formData()
  const intent = String(form.get('intent'))
  try {
    if (intent === 'send') {
      const parsed = NewMessageSchema.safeParse({ body: form.get('body') })
      if (!parsed.success) return { intent, error: parsed.error.issues[0]?.message }
      return { intent, message: await sendMessage(id, parsed.data.body) }
    }
    if (intent === 'report') return await reportAction(form)
    if (intent === 'decline') {
      const message = String(form.get('message') ?? '').trim()
      const parsed = DeclineSchema.safeParse({ message: message || undefined })
      if (!parsed.success) return { intent, error: parsed.error.issues[0]?.message }
      await declineConversation(id, parsed.data.message)
      return { intent }
    }
    if (intent === 'moved-in' || intent === 'moved-in-confirm') {
      await markMovedIn(id, intent === 'moved-in-confirm')
      return { intent }
    }
    if (intent === 'review') {
      const ratings = Object.fromEntries(RATINGS.map((key) => [key, form.get(key) ?? undefined]))
      const parsed = NewReviewSchema.safeParse({
        conversationId: id,
        ...ratings,
        text: form.get('text') ?? '',
      })
      if (!parsed.success) return { intent, error: parsed.error.issues[0]?.message }
      await writeReview(parsed.data)
      return { intent }
    }
    await setBlocked(id, intent === 'block')
    return { intent }
  } catch (error) {
    return { intent, error: failure(error) }
  }
}

/** A sent message or a report changes nothing the loader reads; a block changes the header. */
export function shouldRevalidate({ formData, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  const intent = formData?.get('intent')
  return intent === 'send' || intent === 'report' ? false : defaultShouldRevalidate
}

export function Component() {
  const { conversation, page } = useLoaderData<typeof loader>()
  // A new conversation (another id) starts its own state.
  return <ConversationView key={conversation.id} conversation={conversation} page={page} />
}

function ConversationView({ conversation, page }: ReturnType<typeof useLoaderData<typeof loader>>) {
  const { messages, add, hasOlder, loadOlder, isLoadingOlder, seenUpTo } = useConversation(conversation, page)
  const seenId = seenMessageId(messages, seenUpTo)
  const { unseen, goToEnd } = useFollowEnd(messages.at(-1))
  const log = useRef<HTMLDivElement>(null)
  const name = conversation.other?.name ?? DELETED_ACCOUNT
  const addSent = useCallback((message: Message) => add([message]), [add])
  // The header says so once reloaded; a declined event that arrived live says so at once.
  const isDeclined =
    conversation.state === 'declined' || messages.some((message) => message.event?.type === 'declined')
  // The seeker books from their enquiry about a listing that is still on offer, while both can still write.
  const { about } = conversation
  const canBook =
    conversation.startedByMe &&
    about?.kind === 'listing' &&
    about.available &&
    !isDeclined &&
    conversation.other !== null &&
    !conversation.blockedByMe &&
    !conversation.blockedMe
  const bookableId = canBook ? about.id : null
  const viewingEvents = messages.filter((message) => message.event?.viewingId).length

  return (
    <section className="mx-auto flex w-full max-w-3xl flex-col gap-4">
      <PageTitle title={`Messages with ${name}`} />
      <ConversationHeader conversation={conversation} />
      {bookableId && (
        // A viewing event (booked or cancelled, from either side) reloads what the picker shows.
        <SlotPicker key={viewingEvents} listingId={bookableId} />
      )}
      {hasOlder && (
        <button
          type="button"
          className="btn btn-ghost btn-sm self-center"
          disabled={isLoadingOlder}
          onClick={() => void loadOlder()}
        >
          {isLoadingOlder ? 'Loading…' : 'Show earlier messages'}
        </button>
      )}
      <div role="log" aria-label={`Messages with ${name}`} aria-live="polite" tabIndex={-1} ref={log}>
        <ol className="flex flex-col gap-3">
          {messages.map((message) =>
            message.kind === 'event' ? (
              <EventNote key={message.id} message={message} subjectKind={conversation.about?.kind}>
                {message.event?.viewingId && <ViewingEventDetail event={message.event} />}
              </EventNote>
            ) : (
              <MessageBubble
                key={message.id}
                message={message}
                isSeen={message.id === seenId}
                actions={
                  message.mine ? undefined : <ReportButton targetKind="message" targetId={message.id} />
                }
              />
            ),
          )}
        </ol>
      </div>
      <div className="sticky bottom-0 border-t border-base-300 bg-base-100 py-3">
        <NewMessagesPill
          count={unseen}
          onClick={() => {
            goToEnd()
            // The pill goes away: the reader goes on from the messages rather than the page's start.
            log.current?.focus({ preventScroll: true })
          }}
        />
        {isDeclined ? (
          <p className="text-base-content/80">
            {conversation.startedByMe
              ? `Declined: ${name} said it’s not a fit. Neither of you can send new messages.`
              : 'You declined this as not a fit. Neither of you can send new messages.'}
          </p>
        ) : !conversation.other ? (
          <p className="text-base-content/80">
            This account was deleted; the conversation is kept for you to read.
          </p>
        ) : conversation.blockedByMe ? (
          <p className="text-base-content/80">You blocked {name}. Unblock them to send a message.</p>
        ) : conversation.blockedMe ? (
          <p className="text-base-content/80">{name} isn’t taking messages from you.</p>
        ) : (
          <Composer onSent={addSent} />
        )}
      </div>
    </section>
  )
}

export const ErrorBoundary = RouteErrorBoundary
