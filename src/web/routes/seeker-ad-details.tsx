import {
  Link,
  redirect,
  useActionData,
  useLoaderData,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type ShouldRevalidateFunctionArgs,
} from 'react-router'
import { PATHS } from '#shared/api.ts'
import { PageTitle } from '../components/page-title.tsx'
import { ReportButton } from '../components/report-button.tsx'
import { RouteErrorBoundary } from '../components/route-error.tsx'
import { ResendButton } from '../features/account/email-status.tsx'
import { conversationAbout, startConversation } from '../features/conversations/api.ts'
import { MessagePerson } from '../features/conversations/message-person.tsx'
import { getAd } from '../features/rooms-wanted/api.ts'
import { SeekerAdView } from '../features/rooms-wanted/seeker-ad-view.tsx'
import { ApiRequestError } from '../lib/api.ts'
import { loadCurrency } from '../lib/config.ts'
import { reportAction } from '../lib/report-action.ts'
import { requireSession } from '../lib/require-session.ts'

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { emailVerified } = await requireSession(request)
  const id = params.id ?? ''
  const [ad, currency, conversationId] = await Promise.all([
    getAd(id, request.signal),
    loadCurrency(),
    // Only what the Message button needs: without it the page still works.
    conversationAbout({ seekerAdId: id }).catch(() => null),
  ])
  // From a fitting seekers' "Message" link: the message box is open at once.
  const isWriting = new URL(request.url).searchParams.has('message')
  return { ad, currency, conversationId, isVerified: emailVerified, isWriting }
}

/** The page's forms: a report of the ad or of its writer, or "Message" (the first message, then the conversation). */
export async function action({ request, params }: ActionFunctionArgs) {
  const form = await request.formData()
  if (form.get('intent') === 'report') return reportAction(form)
  const body = String(form.get('body') ?? '')
  try {
    const { conversationId } = await startConversation({ seekerAdId: params.id ?? '', body })
    return redirect(PATHS.conversation(conversationId))
  } catch (error) {
    return {
      messageError: error instanceof ApiRequestError ? error.message : 'The message could not be sent.',
    }
  }
}

/** A report changes nothing the page shows (and an ad it hides must still show its thank-you). */
export function shouldRevalidate({ formData, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formData?.get('intent') === 'report' ? false : defaultShouldRevalidate
}

export function Component() {
  const { ad, currency, conversationId, isVerified, isWriting } = useLoaderData<typeof loader>()
  const sent = useActionData<typeof action>()
  return (
    <div className="px-4 py-10">
      <PageTitle title={ad.headline} />
      <nav aria-label="Breadcrumb" className="mx-auto mb-6 max-w-3xl">
        <Link to={PATHS.roomsWanted} className="link">
          ← All rooms wanted
        </Link>
      </nav>
      <SeekerAdView
        ad={ad}
        currency={currency}
        message={
          !ad.isOwner && (
            <MessagePerson
              name={ad.userName}
              conversationId={conversationId}
              isVerified={isVerified}
              verifyAction={<ResendButton className="btn btn-sm w-fit" />}
              error={sent && 'messageError' in sent ? sent.messageError : undefined}
              isWritingAtFirst={isWriting}
            />
          )
        }
      />
      {!ad.isOwner && (
        <div className="mx-auto mt-6 flex max-w-3xl flex-col items-start gap-1 text-sm">
          <ReportButton targetKind="seeker_ad" targetId={ad._id} label="Report this ad" />
          <ReportButton
            targetKind="user"
            via={{ kind: 'seeker_ad', id: ad._id }}
            label={`Report ${ad.userName}`}
          />
        </div>
      )}
    </div>
  )
}

export const ErrorBoundary = RouteErrorBoundary
