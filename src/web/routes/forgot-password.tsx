import { Form, Link, useActionData, useNavigation, type ActionFunctionArgs } from 'react-router'
import { PATHS } from '#shared/api.ts'
import { PageTitle } from '../components/page-title.tsx'
import { RouteErrorBoundary } from '../components/route-error.tsx'
import { TextField } from '../components/form/text-field.tsx'
import { requestPasswordReset } from '../features/account/api.ts'
import { AuthCard } from '../features/auth/auth-card.tsx'

export async function action({ request }: ActionFunctionArgs) {
  const email = String((await request.formData()).get('email') ?? '').trim()
  if (!/^[^\s@]+@[^\s@]+$/.test(email)) return { error: 'Enter the e-mail address you signed up with.' }
  const outcome = await requestPasswordReset(email)
  return outcome.ok ? { sentTo: email } : { error: outcome.message }
}

export function Component() {
  const result = useActionData<typeof action>()
  const isSending = useNavigation().state === 'submitting'
  return (
    <AuthCard words={['Forgot Your Password?']} intro="We'll mail you a link to choose a new one.">
      <PageTitle title="Forgot password" />
      {result && 'sentTo' in result ? (
        // The same words whether or not the address has an account: the page tells nobody who has one.
        <div role="status" className="flex flex-col gap-3">
          <p>
            If an account uses <strong className="break-all">{result.sentTo}</strong>, a link to reset its
            password is on its way. It works once, for an hour.
          </p>
          <p className="text-sm text-base-content/80">
            Nothing after a few minutes? Check your spam folder, or ask again.
          </p>
        </div>
      ) : (
        <Form method="post" noValidate className="flex flex-col gap-4">
          <TextField
            name="email"
            label="Email"
            type="email"
            autoComplete="email"
            isRequired
            error={result?.error}
          />
          <button type="submit" className="btn btn-primary w-full" disabled={isSending}>
            {isSending ? 'Sending…' : 'Send reset link'}
          </button>
        </Form>
      )}
      <p className="text-center text-sm">
        Remembered it?{' '}
        <Link to={PATHS.login} className="link link-primary font-medium">
          Back to login
        </Link>
      </p>
    </AuthCard>
  )
}

export const ErrorBoundary = RouteErrorBoundary
