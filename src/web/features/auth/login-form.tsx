import { Form, Link, useLocation, useNavigation } from 'react-router'
import { PATHS } from '#shared/api.ts'
import { TextField } from '../../components/form/text-field.tsx'
import { withFrom } from './return-path.ts'

type LoginFormProps = { error?: string }

export function LoginForm({ error }: LoginFormProps) {
  const { search } = useLocation()
  const isSubmitting = useNavigation().state === 'submitting'
  return (
    // replace: once signed in, Back skips the login page (it would only send a signed-in person on again).
    <Form
      method="post"
      replace
      noValidate
      className="flex flex-col gap-4"
      aria-describedby={error ? 'login-error' : undefined}
    >
      <TextField name="email" label="Email" type="email" autoComplete="email" isRequired />
      <TextField
        name="password"
        label="Password"
        type="password"
        autoComplete="current-password"
        isRequired
      />
      {error && (
        <p id="login-error" role="alert" className="text-sm font-medium text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
      <button type="submit" className="btn btn-primary w-full" disabled={isSubmitting}>
        {isSubmitting ? 'Logging in…' : 'Login'}
      </button>
      <p className="text-center text-sm">
        New to Nestmate?{' '}
        <Link to={withFrom(PATHS.signup, search)} className="link link-primary font-medium">
          Create an account
        </Link>
      </p>
    </Form>
  )
}
