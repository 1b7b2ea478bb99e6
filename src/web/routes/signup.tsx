import {
  redirect,
  useActionData,
  useLoaderData,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
} from 'react-router'
import { SignupSchema } from '#shared/signup.ts'
import { PageTitle } from '../components/page-title.tsx'
import { loginReason } from '../lib/login-reason.ts'
import { skipIfSignedIn } from '../lib/require-session.ts'
import { register, saveUserRecord } from '../features/auth/api.ts'
import { AuthCard } from '../features/auth/auth-card.tsx'
import { LoginReasonNote } from '../features/auth/login-reason-note.tsx'
import { returnPath } from '../features/auth/return-path.ts'
import { SignupForm, type SignupErrors } from '../features/auth/signup-form.tsx'
import { showError, showSuccess } from '../components/popup.ts'

const field = (form: FormData, name: string) => String(form.get(name) ?? '')

export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData()
  const input = { name: field(form, 'name'), email: field(form, 'email'), photo: field(form, 'photo') }
  const password = field(form, 'password')

  // Every field's message at once, each once: next to its field. A weak password also gets the pop-up
  // 'Invalid Password', which points there rather than repeating the message.
  const parsed = SignupSchema.safeParse({ ...input, password })
  if (!parsed.success) {
    const errors: SignupErrors = {}
    for (const issue of parsed.error.issues) errors[issue.path[0] as keyof SignupErrors] ??= issue.message
    if (errors.password) showError('Invalid Password', 'See what to change under the password field.')
    return { errors }
  }

  const outcome = await register(parsed.data)
  if (!outcome.ok) {
    showError('Signup Failed', outcome.message)
    return { errors: {} }
  }
  const { name, email, photo } = parsed.data
  await saveUserRecord({ name, email, photo })
  await showSuccess(
    'Welcome to Nestmate!',
    'Your account is ready. We mailed you a link to confirm your e-mail.',
    2000,
  )
  return redirect(returnPath(request.url))
}

export async function loader({ request }: LoaderFunctionArgs) {
  await skipIfSignedIn(returnPath(request.url))
  return { reason: loginReason(returnPath(request.url)) }
}

export function Component() {
  const result = useActionData<typeof action>()
  const { reason } = useLoaderData<typeof loader>()
  return (
    <AuthCard
      words={['Welcome Dear!', 'Create Your Account', 'Join Us Today']}
      intro={
        reason
          ? "Sign up to see this room's details and contact."
          : 'Sign up to post your room and find a roommate who fits.'
      }
      notice={reason && <LoginReasonNote reason={reason} />}
    >
      <PageTitle title="Signup" />
      <SignupForm errors={result?.errors} />
    </AuthCard>
  )
}
