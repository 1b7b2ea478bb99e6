import { useActionData, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router'
import { ProfileSchema } from '../../../shared/user.ts'
import { PageTitle } from '../../components/page-title.tsx'
import { RouteErrorBoundary } from '../../components/route-error.tsx'
import { updateUser } from '../../lib/auth-client.ts'
import { requireSession } from '../../lib/require-session.ts'
import { showError, showSuccess } from '../../components/popup.ts'
import { ProfileForm, type ProfileErrors } from '../../features/dashboard/profile-form.tsx'
import { EmailText } from '../../components/email-text.tsx'
import { useDashboardUser } from '../../features/dashboard/use-dashboard-user.ts'

const DEFAULT_AVATAR = '/default-avatar.svg'

export async function loader({ request }: LoaderFunctionArgs) {
  await requireSession(request)
  return null
}

export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData()
  const parsed = ProfileSchema.safeParse({ name: form.get('name') ?? '', photo: form.get('photo') ?? '' })
  if (!parsed.success) {
    const errors: ProfileErrors = {}
    for (const issue of parsed.error.issues) errors[issue.path[0] as keyof ProfileErrors] ??= issue.message
    return { errors }
  }
  // updateUser also refreshes the session, so the navigation's picture and name change at once.
  const { error } = await updateUser({ name: parsed.data.name, image: parsed.data.photo || null }).catch(
    () => ({
      error: true,
    }),
  )
  if (error) {
    showError('Update Failed', 'Something went wrong while updating your profile.')
    return { errors: {} }
  }
  await showSuccess('Profile Updated!', 'Your name and photo are saved.', 1500)
  return { errors: {} }
}

export function Component() {
  const user = useDashboardUser()
  const result = useActionData<typeof action>()
  return (
    <section className="mx-auto flex max-w-2xl flex-col gap-6">
      <PageTitle title="Profile Settings" />
      <h1 className="text-3xl font-bold">Profile Settings</h1>
      <div className="card border border-base-300 bg-base-100 shadow-sm">
        <div className="card-body gap-6">
          <div className="flex items-center gap-4">
            <img
              src={user.image || DEFAULT_AVATAR}
              alt={`Profile photo of ${user.name}`}
              referrerPolicy="no-referrer"
              onError={(event) => {
                if (!event.currentTarget.src.endsWith(DEFAULT_AVATAR))
                  event.currentTarget.src = DEFAULT_AVATAR
              }}
              className="size-20 rounded-full border-2 border-primary object-cover"
            />
            <div className="min-w-0">
              <p className="text-xl font-semibold break-words">{user.name}</p>
              <p className="text-base-content/80">
                <EmailText email={user.email} />
              </p>
            </div>
          </div>
          <ProfileForm key={`${user.name}|${user.image ?? ''}`} user={user} errors={result?.errors} />
        </div>
      </div>
    </section>
  )
}

export const ErrorBoundary = RouteErrorBoundary
