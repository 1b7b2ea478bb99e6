import { useEffect } from 'react'
import {
  Link,
  redirect,
  useActionData,
  useLoaderData,
  useLocation,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
} from 'react-router'
import { PATHS } from '#shared/api.ts'
import { LoginSchema } from '#shared/user.ts'
import { PageTitle } from '../components/page-title.tsx'
import { loadConfig } from '../lib/config.ts'
import { loginReason } from '../lib/login-reason.ts'
import { skipIfSignedIn } from '../lib/require-session.ts'
import { logIn } from '../features/auth/api.ts'
import { AuthCard } from '../features/auth/auth-card.tsx'
import { GoogleButton } from '../features/auth/google-button.tsx'
import { LoginForm } from '../features/auth/login-form.tsx'
import { LoginReasonNote } from '../features/auth/login-reason-note.tsx'
import { returnPath, withFrom } from '../features/auth/return-path.ts'
import { showError } from '../components/popup.ts'

export async function loader({ request }: LoaderFunctionArgs) {
  // Without the config the page still works; Google sign-in just shows as unavailable.
  const [config] = await Promise.all([
    loadConfig().catch(() => null),
    skipIfSignedIn(returnPath(request.url)),
  ])
  return { googleSignIn: config?.googleSignIn ?? false, reason: loginReason(returnPath(request.url)) }
}

export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData()
  const parsed = LoginSchema.safeParse({
    email: form.get('email') ?? '',
    password: form.get('password') ?? '',
  })
  if (!parsed.success) return { error: 'Please enter both email and password.' }
  const outcome = await logIn(parsed.data.email, parsed.data.password)
  if (!outcome.ok) {
    showError('Oops...', outcome.message)
    return { error: outcome.message }
  }
  return redirect(returnPath(request.url))
}

// Only the error code is shown, never free text from the address bar, so a crafted link can't put words in our mouth.
function googleErrorMessage(code: string): string {
  if (code === 'access_denied') return 'Google sign-in was cancelled.'
  return /^[a-z_]{1,60}$/.test(code)
    ? `Google sign-in failed (${code.replaceAll('_', ' ')}).`
    : 'Google sign-in failed.'
}

export function Component() {
  const { googleSignIn, reason } = useLoaderData<typeof loader>()
  const result = useActionData<typeof action>()
  const { search } = useLocation()
  const returnTo = returnPath(window.location.href)
  const googleError = new URLSearchParams(search).get('error')

  // Google sends people back here with ?error= when they cancel or the sign-in fails.
  useEffect(() => {
    if (googleError) showError('Oops...', googleErrorMessage(googleError))
  }, [googleError])

  return (
    <AuthCard
      words={['Welcome Back!', 'Please Login', 'to Continue']}
      intro={
        reason
          ? "Sign in to see this room's details and contact."
          : 'Log in to post, like and manage listings.'
      }
      notice={reason && <LoginReasonNote reason={reason} signupTo={withFrom(PATHS.signup, search)} />}
    >
      <PageTitle title="Login" />
      <LoginForm error={result?.error} />
      <Link to={PATHS.forgotPassword} className="link -mt-2 self-center text-sm link-primary">
        Forgot password?
      </Link>
      <div className="divider my-0 text-sm">or</div>
      <GoogleButton isAvailable={googleSignIn} returnTo={returnTo} loginUrl={withFrom(PATHS.login, search)} />
    </AuthCard>
  )
}
