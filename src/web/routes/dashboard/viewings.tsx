import { useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router'
import { CancelViewingSchema, LateSchema, OutcomeSchema, type Viewing } from '#shared/viewings.ts'
import { PageTitle } from '../../components/page-title.tsx'
import { RouteErrorBoundary } from '../../components/route-error.tsx'
import { ApiRequestError } from '../../lib/api.ts'
import { reportAction } from '../../lib/report-action.ts'
import { requireSession } from '../../lib/require-session.ts'
import { useNow } from '../../lib/today.ts'
import {
  cancelViewing,
  getViewings,
  recordOutcome,
  sayLate,
  shareViewing,
  stopSharing,
} from '../../features/viewings/api.ts'
import { ShareViewing } from '../../features/viewings/share-viewing.tsx'
import { WentOk } from '../../features/viewings/went-ok.tsx'
import { ViewingCard } from '../../features/viewings/viewing-card.tsx'

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireSession(request)
  const { signal } = request
  const [seekerUpcoming, posterUpcoming, seekerPast, posterPast] = await Promise.all([
    getViewings('seeker', 'upcoming', signal),
    getViewings('poster', 'upcoming', signal),
    getViewings('seeker', 'past', signal),
    getViewings('poster', 'past', signal),
  ])
  const byStart = (a: Viewing, b: Viewing) => a.start.localeCompare(b.start)
  return {
    userId: user.id,
    upcoming: [...seekerUpcoming, ...posterUpcoming].sort(byStart),
    past: [...seekerPast, ...posterPast].sort((a, b) => byStart(b, a)),
  }
}

/** Each change checked with the API's schema first, so a refusal reads the same as the server's. */
async function change(form: FormData, intent: string, id: string) {
  if (intent === 'cancel') {
    const reason = String(form.get('reason') ?? '').trim()
    const parsed = CancelViewingSchema.safeParse(reason ? { reason } : {})
    if (!parsed.success) return parsed.error.issues[0]?.message
    await cancelViewing(id, parsed.data.reason)
  } else if (intent === 'late') {
    const parsed = LateSchema.safeParse({ minutes: Number(form.get('minutes')) })
    if (!parsed.success) return parsed.error.issues[0]?.message
    await sayLate(id, parsed.data.minutes)
  } else {
    const parsed = OutcomeSchema.safeParse({ outcome: form.get('outcome') })
    if (!parsed.success) return parsed.error.issues[0]?.message
    await recordOutcome(id, parsed.data.outcome)
  }
}

export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData()
  const intent = String(form.get('intent'))
  if (intent === 'report') return { id: '', ...(await reportAction(form)) }
  const id = String(form.get('id') ?? '')
  try {
    if (intent === 'share') return { intent, id, url: (await shareViewing(id)).url }
    if (intent === 'unshare') {
      await stopSharing(id)
      return { intent, id }
    }
    const error = await change(form, intent, id)
    return { intent, id, error }
  } catch (error) {
    const message = error instanceof ApiRequestError ? error.message : 'That did not work; try again.'
    return { intent, id, error: message }
  }
}

export function Component() {
  const { userId, upcoming, past } = useLoaderData<typeof loader>()
  return (
    <section className="flex flex-col gap-6">
      <PageTitle title="Viewings" />
      <div>
        <h1 className="text-3xl font-bold">Viewings</h1>
        <p className="mt-1 text-base-content/80">
          Rooms you are going to see, and people coming to see yours. Book a time from a conversation about a
          listing.
        </p>
      </div>
      <ViewingList title="Upcoming" viewings={upcoming} userId={userId} empty="No upcoming viewings." />
      <ViewingList title="Past" viewings={past} userId={userId} empty="No past viewings yet." />
    </section>
  )
}

function ViewingList(props: { title: string; viewings: Viewing[]; userId: string; empty: string }) {
  const { title, viewings, userId, empty } = props
  const now = useNow()
  return (
    <section aria-labelledby={`viewings-${title}`} className="flex flex-col gap-3">
      <h2 id={`viewings-${title}`} className="text-xl font-semibold">
        {title}
      </h2>
      {viewings.length === 0 ? (
        <p className="text-base-content/80">{empty}</p>
      ) : (
        <ul className="grid gap-4 lg:grid-cols-2">
          {viewings.map((viewing) => (
            <ViewingCard
              key={viewing._id}
              viewing={viewing}
              isPoster={viewing.poster.id === userId}
              now={now}
            >
              {viewing.seeker.id === userId && <SeekerExtras viewing={viewing} now={now} />}
            </ViewingCard>
          ))}
        </ul>
      )}
    </section>
  )
}

/** The seeker shares a booked viewing before it; afterwards they are asked whether it went OK. */
function SeekerExtras({ viewing, now }: { viewing: Viewing; now: number }) {
  const isOver = Date.parse(viewing.end) <= now
  if (viewing.status === 'cancelled') return null
  if (isOver) return <WentOk viewing={viewing} />
  return viewing.status === 'booked' ? <ShareViewing viewing={viewing} /> : null
}

export const ErrorBoundary = RouteErrorBoundary
