import {
  useActionData,
  useLoaderData,
  useLocation,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
} from 'react-router'
import { PATHS } from '#shared/api.ts'
import { SignupSchema } from '#shared/signup.ts'
import { PageTitle } from '../components/page-title.tsx'
import { loginReason } from '../lib/login-reason.ts'
import { skipIfSignedIn } from '../lib/require-session.ts'
import { register } from '../features/auth/api.ts'
import { AuthCard } from '../features/auth/auth-card.tsx'
import { LoginReasonNote } from '../features/auth/login-reason-note.tsx'
import { returnPath, withFrom } from '../features/auth/return-path.ts'
import { SignupForm, type SignupErrors } from '../features/auth/signup-form.tsx'
import { SignupSent } from '../features/auth/signup-sent.tsx'
import { showError } from '../components/popup.ts'

const field = (form: FormData, name: string) => String(form.get(name) ?? '')

export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData()
  const input = { name: field(form, 'name'), email: field(form, 'email'), photo: field(form, 'photo') }
  const password = field(form, 'password')

  // Every field's message at once, each next to its field and in the summary above the form.
  const parsed = SignupSchema.safeParse({ ...input, password })
  if (!parsed.success) {
    const errors: SignupErrors = {}
    for (const issue of parsed.error.issues) errors[issue.path[0] as keyof SignupErrors] ??= issue.message
    // An empty password is missing, like an empty name: the spec's pop-up is for a password that was refused.
    if (password === '') errors.password = 'Password is required.'
    return { errors, isPasswordRefused: password !== '' && errors.password !== undefined }
  }

  // The answer is the same whether or not the address has an account, and signs no one in; the mail says which.
  const outcome = await register(parsed.data)
  if (!outcome.ok) {
    showError('Signup Failed', outcome.message)
    return { errors: {} }
  }
  return { sentTo: parsed.data.email }
}

export async function loader({ request }: LoaderFunctionArgs) {
  await skipIfSignedIn(returnPath(request.url))
  return { reason: loginReason(returnPath(request.url)) }
}

export function Component() {
  const result = useActionData<typeof action>()
  const { reason } = useLoaderData<typeof loader>()
  const { search } = useLocation()
  const sentTo = result?.sentTo
  return (
    <AuthCard
      words={sentTo ? ['Almost There!'] : ['Welcome Dear!', 'Create Your Account', 'Join Us Today']}
      intro={
        sentTo
          ? 'One more step, and it is in your inbox.'
          : reason
            ? "Sign up to see this room's details and contact."
            : 'Sign up to post your room and find a roommate who fits.'
      }
      notice={reason && <LoginReasonNote reason={reason} />}
    >
      <PageTitle title="Signup" />
      {sentTo ? (
        <SignupSent email={sentTo} loginTo={withFrom(PATHS.login, search)} />
      ) : (
        <SignupForm result={result?.errors ? result : undefined} />
      )}
    </AuthCard>
  )
}
