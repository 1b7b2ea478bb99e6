import {
  Link,
  useActionData,
  useLoaderData,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
} from 'react-router'
import { PATHS } from '#shared/api.ts'
import { passwordError } from '#shared/signup.ts'
import { PageTitle } from '../components/page-title.tsx'
import { RouteErrorBoundary } from '../components/route-error.tsx'
import { resetPassword } from '../features/account/api.ts'
import { NewPasswordForm } from '../features/account/new-password-form.tsx'
import { AuthCard } from '../features/auth/auth-card.tsx'

// Better Auth checks the mailed token and sends the browser here with ?token=… or, for a used or expired link,
// ?error=INVALID_TOKEN (src/server/auth.ts).
export function loader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams
  const token = params.get('token')
  return { token: params.get('error') || !token ? null : token }
}

export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData()
  const token = String(form.get('token') ?? '')
  const password = String(form.get('newPassword') ?? '')
  const invalid = passwordError(password)
  if (invalid) return { error: invalid }
  if (password !== form.get('confirmPassword')) return { confirmError: 'The two passwords differ.' }
  const outcome = await resetPassword(token, password)
  if (outcome.ok) return { done: true as const }
  if (outcome.code === 'INVALID_TOKEN') return { expired: true as const }
  return { error: outcome.message }
}

function LinkExpired() {
  return (
    <div role="alert" className="flex flex-col gap-3">
      <p className="font-semibold">This link has expired or has already been used.</p>
      <p>A reset link works once, for an hour. Ask for a new one and use the latest mail.</p>
      <Link to={PATHS.forgotPassword} className="btn btn-primary">
        Ask for a new link
      </Link>
    </div>
  )
}

export function Component() {
  const { token } = useLoaderData<typeof loader>()
  const result = useActionData<typeof action>()
  let body
  if (result && 'done' in result) {
    body = (
      <div role="status" className="flex flex-col gap-3">
        <p className="font-semibold">Your password is changed.</p>
        <p>For your safety you are signed out everywhere. Log in with your new password.</p>
        <Link to={PATHS.login} className="btn btn-primary">
          Log in
        </Link>
      </div>
    )
  } else if (!token || (result && 'expired' in result)) {
    body = <LinkExpired />
  } else {
    body = (
      <NewPasswordForm
        submitLabel="Set new password"
        hidden={{ token }}
        error={result && 'error' in result ? result.error : undefined}
        confirmError={result && 'confirmError' in result ? result.confirmError : undefined}
      />
    )
  }
  return (
    <AuthCard words={['Choose a New Password']} intro="Pick one you don't use anywhere else.">
      <PageTitle title="Reset password" />
      {body}
    </AuthCard>
  )
}

export const ErrorBoundary = RouteErrorBoundary
