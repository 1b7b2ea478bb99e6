import { useActionData, useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router'
import { ProfileSchema } from '#shared/user.ts'
import { PageTitle } from '../../components/page-title.tsx'
import { RouteErrorBoundary } from '../../components/route-error.tsx'
import { updateUser } from '../../lib/auth-client.ts'
import { requireSession } from '../../lib/require-session.ts'
import { showError, showSuccess } from '../../components/popup.ts'
import { ProfileForm, type ProfileErrors } from '../../features/dashboard/profile-form.tsx'
import { EmailText } from '../../components/email-text.tsx'
import { useDashboardUser } from '../../features/dashboard/use-dashboard-user.ts'
import { getStats } from '../../features/dashboard/api.ts'
import { hasPassword } from '../../features/account/api.ts'
import {
  accountAction,
  CHANGE_PASSWORD_INTENT,
  type AccountResult,
} from '../../features/account/account-actions.ts'
import { EmailStatus } from '../../features/account/email-status.tsx'
import { NewPasswordForm } from '../../features/account/new-password-form.tsx'
import { DeleteAccountSection } from '../../features/account/delete-account-section.tsx'
import { getPushDevices } from '../../features/push/api.ts'
import { PushSettings } from '../../features/push/push-settings.tsx'

const DEFAULT_AVATAR = '/default-avatar.svg'

export async function loader({ request }: LoaderFunctionArgs) {
  await requireSession(request)
  // The count tells the person what deleting the account would remove; without it the page says "all".
  const [stats, withPassword, pushDevices] = await Promise.all([
    getStats().catch(() => null),
    hasPassword().catch(() => true),
    getPushDevices().catch(() => null),
  ])
  return { listingCount: stats?.myListings ?? null, hasPassword: withPassword, pushDevices }
}

export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData()
  const intent = String(form.get('intent') ?? 'profile')
  if (intent !== 'profile') return accountAction(intent, form, (await requireSession(request)).email)
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
  const { listingCount, hasPassword: withPassword, pushDevices } = useLoaderData<typeof loader>()
  const data = useActionData<typeof action>()
  const result = data && !('intent' in data) ? data : undefined
  const account: AccountResult | undefined = data && 'intent' in data ? data : undefined
  const passwordResult = account?.intent === CHANGE_PASSWORD_INTENT ? account : undefined
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
              <p className="text-xl font-semibold wrap-anywhere">{user.name}</p>
              <p className="text-base-content/80">
                <EmailText email={user.email} />
              </p>
            </div>
          </div>
          <EmailStatus isVerified={user.emailVerified} />
          <ProfileForm key={`${user.name}|${user.image ?? ''}`} user={user} errors={result?.errors} />
        </div>
      </div>
      {withPassword && (
        <div className="card border border-base-300 bg-base-100 shadow-sm">
          <section aria-labelledby="change-password" className="card-body gap-4">
            <h2 id="change-password" className="text-xl font-semibold">
              Change password
            </h2>
            <p className="text-sm text-base-content/80">Changing it signs you out on every other device.</p>
            <NewPasswordForm
              // A new form after a change, so the fields are empty again.
              key={passwordResult?.changedAt ?? 'change-password'}
              withCurrent
              submitLabel="Change password"
              hidden={{ intent: CHANGE_PASSWORD_INTENT }}
              error={passwordResult?.error}
              currentError={passwordResult?.currentError}
              confirmError={passwordResult?.confirmError}
            />
          </section>
        </div>
      )}
      <div className="card border border-base-300 bg-base-100 shadow-sm">
        <div className="card-body">
          <PushSettings initialDevices={pushDevices} />
        </div>
      </div>
      <div className="card border border-error/40 bg-base-100 shadow-sm">
        <div className="card-body">
          <DeleteAccountSection
            listingCount={listingCount}
            hasPassword={withPassword}
            error={account?.intent === 'delete-account' ? account.error : undefined}
          />
        </div>
      </div>
    </section>
  )
}

export const ErrorBoundary = RouteErrorBoundary
