import { redirect, useActionData, useFetcher, useLoaderData } from 'react-router'
import type { ActionFunctionArgs, LoaderFunctionArgs, ShouldRevalidateFunctionArgs } from 'react-router'
import { PageTitle } from '../components/page-title.tsx'
import { requireSession } from '../lib/require-session.ts'
import { getListing, likeListing } from '../features/listing-details/api.ts'
import { loadCurrency } from '../lib/config.ts'
import { ListingErrorBoundary, useBackToListings } from '../features/listing-details/listing-error.tsx'
import { ListingView } from '../features/listing-details/listing-view.tsx'
import { ResendButton } from '../features/account/email-status.tsx'
import { conversationAbout, startConversation } from '../features/conversations/api.ts'
import { MessagePerson } from '../features/conversations/message-person.tsx'
import { ApiRequestError } from '../lib/api.ts'
import { PATHS } from '#shared/api.ts'
import { ReportButton } from '../components/report-button.tsx'
import { reportAction } from '../lib/report-action.ts'
import { SlotPicker } from '../features/viewings/slot-picker.tsx'

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { emailVerified } = await requireSession(request)
  const id = params.id ?? ''
  const [listing, currency, conversationId] = await Promise.all([
    getListing(id),
    loadCurrency(),
    // Only what the Message button needs: without it the page still works.
    conversationAbout({ listingId: id }).catch(() => null),
  ])
  return { listing, currency, conversationId, isVerified: emailVerified }
}

export async function action({ request, params }: ActionFunctionArgs) {
  const id = params.id ?? ''
  if (request.method === 'POST') {
    const form = await request.formData()
    if (form.get('intent') === 'report') return { like: null, ...(await reportAction(form)) }
    // "Message": the first message to the poster, then the conversation.
    const body = String(form.get('body') ?? '')
    try {
      const { conversationId } = await startConversation({ listingId: id, body })
      return redirect(PATHS.conversation(conversationId))
    } catch (error) {
      return {
        like: null,
        messageError: error instanceof ApiRequestError ? error.message : 'The message could not be sent.',
      }
    }
  }
  // The spec ignores a failed like: nothing on the page changes.
  const like = await likeListing(id).catch(() => null)
  return { like }
}

/**
 * A like's answer carries everything the page changes (count, Liked, phone, e-mail), so loading the listing again
 * after it would only repeat what the page already shows: the like is one request.
 */
export function shouldRevalidate({
  formMethod,
  formData,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  // A report changes nothing the page shows (and a listing it hides must still show its thank-you).
  if (formData?.get('intent') === 'report') return false
  return formMethod?.toUpperCase() === 'PATCH' ? false : defaultShouldRevalidate
}

export function Component() {
  const { listing, currency, conversationId, isVerified } = useLoaderData<typeof loader>()
  const fetcher = useFetcher<typeof action>()
  const sent = useActionData<typeof action>()
  const messageError = sent && 'messageError' in sent ? sent.messageError : undefined
  const backTo = useBackToListings()
  return (
    <div className="px-4 py-10">
      <PageTitle title={listing.title} />
      <ListingView
        listing={listing}
        currency={currency}
        like={fetcher.data?.like ?? null}
        isLiking={fetcher.state !== 'idle'}
        onLike={() =>
          // Not the dashboard layout's session loader either (shouldRevalidate above covers this page's own).
          fetcher.submit({}, { method: 'patch', encType: 'application/json', defaultShouldRevalidate: false })
        }
        backTo={backTo}
        message={
          !listing.isOwner && (
            <>
              <MessagePerson
                name={listing.userName}
                conversationId={conversationId}
                isVerified={isVerified}
                verifyAction={<ResendButton className="btn btn-sm w-fit" />}
                error={messageError}
              />
              {/* Viewings are booked by people who have asked about the room. */}
              {conversationId && (
                <div className="mt-4">
                  <SlotPicker listingId={listing._id} />
                </div>
              )}
            </>
          )
        }
        reports={
          !listing.isOwner && (
            <div className="mt-4 flex flex-col items-start gap-1 text-sm">
              <ReportButton targetKind="listing" targetId={listing._id} label="Report this listing" />
              <ReportButton
                targetKind="user"
                via={{ kind: 'listing', id: listing._id }}
                label={`Report ${listing.userName}`}
              />
            </div>
          )
        }
      />
    </div>
  )
}

export const ErrorBoundary = ListingErrorBoundary
