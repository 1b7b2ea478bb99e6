import {
  Form,
  Link,
  useActionData,
  useLoaderData,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
} from 'react-router'
import { PATHS } from '#shared/api.ts'
import { PageTitle } from '../../components/page-title.tsx'
import { showError, showSuccess } from '../../components/popup.ts'
import { RouteErrorBoundary } from '../../components/route-error.tsx'
import { deleteMyAd, getMyAd, saveMyAd } from '../../features/rooms-wanted/api.ts'
import {
  issuesToErrors,
  parseSeekerAdForm,
  type SeekerAdErrors,
} from '../../features/rooms-wanted/parse-seeker-ad-form.ts'
import { HiddenNotice } from '../../features/dashboard/hidden-notice.tsx'
import { SeekerAdForm } from '../../features/rooms-wanted/seeker-ad-form.tsx'
import { ApiRequestError } from '../../lib/api.ts'
import { loadCurrency } from '../../lib/config.ts'
import { requireSession } from '../../lib/require-session.ts'

export async function loader({ request }: LoaderFunctionArgs) {
  await requireSession(request)
  const [ad, currency] = await Promise.all([getMyAd(request.signal), loadCurrency()])
  return { ad, currency }
}

type AdResult = { errors: SeekerAdErrors; done?: string }

export async function action({ request }: ActionFunctionArgs): Promise<AdResult> {
  const form = await request.formData()
  try {
    if (form.get('intent') === 'delete') {
      await deleteMyAd()
      await showSuccess('Ad deleted', 'Nobody sees your room-wanted ad any more.', 1500)
      return { errors: {}, done: 'Your ad was deleted.' }
    }
    const parsed = parseSeekerAdForm(form)
    if (!parsed.ok) return { errors: parsed.errors }
    const { seekerAd } = await saveMyAd(parsed.ad)
    const done =
      seekerAd.status === 'active' ? 'Your ad is saved and on Rooms wanted.' : 'Your ad is saved and paused.'
    await showSuccess('Ad saved', done, 1500)
    return { errors: {}, done }
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 400)
      return { errors: error.issues.length > 0 ? issuesToErrors(error.issues) : { form: error.message } }
    showError('Error!', error instanceof ApiRequestError ? error.message : 'Failed to save your ad.')
    return { errors: {} }
  }
}

export function Component() {
  const { ad, currency } = useLoaderData<typeof loader>()
  const result = useActionData<typeof action>()
  return (
    <section className="flex max-w-3xl flex-col gap-6">
      <PageTitle title="My room-wanted ad" />
      <div>
        <h1 className="text-3xl font-bold">My room-wanted ad</h1>
        <p className="mt-1 text-base-content/80">
          Looking for a room? Say where and for how much, and posters with a room that fits find you. Your ad
          shows your name, your photo and your towns, never your e-mail address or phone number; people with a
          living profile see how well you match.
        </p>
        {ad?.hidden && (
          <div className="mt-3">
            <HiddenNotice hidden={ad.hidden} thing="ad" />
          </div>
        )}
        {ad && ad.status === 'active' && !ad.hidden && (
          <p className="mt-2">
            <Link to={PATHS.seekerAd(ad._id)} className="link link-primary">
              See your ad as others do
            </Link>
          </p>
        )}
      </div>
      {/* A new form after each save or delete, so it shows what was stored. */}
      <SeekerAdForm
        key={`${ad?.updatedAt ?? 'new'}`}
        ad={ad}
        errors={result?.errors ?? {}}
        currency={currency}
      />
      <p role="status" className="sr-only">
        {result?.done}
      </p>
      {ad && (
        <Form method="post" className="rounded-box border border-base-300 p-4">
          <h2 className="text-lg font-semibold">Delete your ad</h2>
          <p className="mt-1 text-sm text-base-content/80">
            It leaves Rooms wanted at once. To stop it showing for a while, pause it instead.
          </p>
          <button type="submit" name="intent" value="delete" className="btn btn-outline btn-error mt-3">
            Delete ad
          </button>
        </Form>
      )}
    </section>
  )
}

export const ErrorBoundary = RouteErrorBoundary
