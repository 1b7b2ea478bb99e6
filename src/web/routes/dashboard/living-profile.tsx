import { useState } from 'react'
import {
  Form,
  useActionData,
  useLoaderData,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
} from 'react-router'
import { PROFILE_CHANGES_PER_DAY } from '#shared/questionnaire.ts'
import { PageTitle } from '../../components/page-title.tsx'
import { showError, showSuccess } from '../../components/popup.ts'
import { RouteErrorBoundary } from '../../components/route-error.tsx'
import { ApiRequestError } from '../../lib/api.ts'
import { requireSession } from '../../lib/require-session.ts'
import {
  deleteLivingProfile,
  getLivingProfile,
  saveLivingProfile,
} from '../../features/living-profile/api.ts'
import { LivingProfileForm } from '../../features/living-profile/living-profile-form.tsx'
import {
  issuesToErrors,
  parseLivingProfileForm,
  type ProfileErrors,
} from '../../features/living-profile/parse-living-profile-form.ts'

export async function loader({ request }: LoaderFunctionArgs) {
  await requireSession(request)
  return { profile: await getLivingProfile(request.signal) }
}

/** `done`: what happened, for screen readers; `removedAt`: when the profile was removed (the form starts over). */
type ProfileResult = { errors: ProfileErrors; done?: string; removedAt?: number }

const SAVED = 'Living profile saved. Listings now show how well you match.'
const REMOVED = 'Living profile removed. Listings no longer show a match for you.'

export async function action({ request }: ActionFunctionArgs): Promise<ProfileResult> {
  const form = await request.formData()
  try {
    if (form.get('intent') === 'delete') {
      await deleteLivingProfile()
      await showSuccess('Living profile removed', 'Listings no longer show a match for you.', 1500)
      return { errors: {}, done: REMOVED, removedAt: Date.now() }
    }
    const parsed = parseLivingProfileForm(form)
    if (!parsed.ok) return { errors: parsed.errors }
    await saveLivingProfile(parsed.profile)
    await showSuccess('Living profile saved', 'Listings now show how well you match.', 1500)
    return { errors: {}, done: SAVED }
  } catch (error) {
    if (error instanceof ApiRequestError) {
      if (error.status === 400) return { errors: issuesToErrors(error.issues) }
      if (error.status === 429) return { errors: { save: error.message } }
      showError('Error!', error.message)
    } else showError('Error!', 'Failed to save your living profile.')
    return { errors: {} }
  }
}

export function Component() {
  const { profile } = useLoaderData<typeof loader>()
  const result = useActionData<typeof action>()
  // What was saved is what the fields hold, so a save keeps the form (and the focus on Save); removing the
  // profile starts it over, empty.
  const [form, setForm] = useState({ key: 0, removedAt: result?.removedAt })
  if (result?.removedAt !== form.removedAt) setForm({ key: form.key + 1, removedAt: result?.removedAt })
  return (
    <section className="flex max-w-3xl flex-col gap-6">
      <PageTitle title="Living profile" />
      <div>
        <h1 className="text-3xl font-bold">Living profile</h1>
        <p className="mt-1 text-base-content/80">
          How you live and who you’d live with. Listings compare it with their posters’ profiles and show a
          match. Skip any question; only the questions you both answered count. Others see your match and its
          reasons, never this page. Your own answers and interests can change {PROFILE_CHANGES_PER_DAY} times
          a day; which answers you’d live with and how much they matter, whenever you like.
        </p>
      </div>
      <LivingProfileForm key={form.key} profile={profile} errors={result?.errors} />
      <p role="status" className="sr-only">
        {result?.done}
      </p>
      {profile && (
        <Form method="post" className="rounded-box border border-base-300 p-4">
          <h2 className="text-lg font-semibold">Remove your living profile</h2>
          <p className="mt-1 text-sm text-base-content/80">
            Your answers are deleted and listings stop showing a match for you. You can fill it in again
            later.
          </p>
          <button type="submit" name="intent" value="delete" className="btn btn-outline btn-error mt-3">
            Remove living profile
          </button>
        </Form>
      )}
    </section>
  )
}

export const ErrorBoundary = RouteErrorBoundary
