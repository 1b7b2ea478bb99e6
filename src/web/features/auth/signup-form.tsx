import { useEffect, useRef, useState } from 'react'
import { Form, Link, useLocation, useNavigation } from 'react-router'
import { PATHS } from '#shared/api.ts'
import { passwordError } from '#shared/signup.ts'
import { ErrorSummary, useFocusFirstError } from '../../components/form/error-summary.tsx'
import { TextField } from '../../components/form/text-field.tsx'
import { showError } from '../../components/popup.ts'
import { withFrom } from './return-path.ts'

export type SignupErrors = Partial<Record<'name' | 'email' | 'photo' | 'password', string>>

/** A refused submit: each field's message, and whether a typed password broke the spec's rules. */
export type SignupRefusal = { errors: SignupErrors; isPasswordRefused?: boolean }

const FIELDS = ['name', 'email', 'photo', 'password'] as const

export function SignupForm({ result }: { result?: SignupRefusal }) {
  const { search } = useLocation()
  const isSubmitting = useNavigation().state === 'submitting'
  const [password, setPassword] = useState('')
  const form = useRef<HTMLFormElement>(null)
  const errors = result?.errors ?? {}
  // The spec's rules show while the person types, not only after a submit.
  const liveError = password === '' ? errors.password : (passwordError(password) ?? undefined)
  // After a refused submit only: while typing, the field's own message is enough.
  const summary = FIELDS.flatMap((id) => {
    if (!result) return []
    const message = id === 'password' ? liveError : errors[id]
    return message ? [{ id, message }] : []
  })

  useFocusFirstError(form, result)
  // The spec's pop-up for a refused password, opened once the focus is on the first field to fix, where it
  // returns when the pop-up closes.
  useEffect(() => {
    if (result?.isPasswordRefused)
      showError('Invalid Password', 'See what to change under the password field.')
  }, [result])

  return (
    // replace: once signed up, Back skips the signup page.
    <Form ref={form} method="post" replace noValidate className="flex flex-col gap-4">
      <ErrorSummary errors={summary} />
      <TextField name="name" label="Name" autoComplete="name" isRequired error={errors.name} />
      <TextField
        name="email"
        label="Email"
        type="email"
        autoComplete="email"
        isRequired
        error={errors.email}
      />
      <TextField
        name="photo"
        label="Photo URL (optional)"
        type="url"
        autoComplete="photo"
        placeholder="https://…"
        error={errors.photo}
      />
      <TextField
        name="password"
        label="Password"
        type="password"
        autoComplete="new-password"
        isRequired
        hint="At least 6 characters, with an uppercase and a lowercase letter."
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={liveError}
      />
      <button type="submit" className="btn btn-primary w-full" disabled={isSubmitting}>
        {isSubmitting ? 'Creating your account…' : 'Sign up'}
      </button>
      <p className="text-center text-sm">
        Already have an account?{' '}
        <Link to={withFrom(PATHS.login, search)} className="link link-primary font-medium">
          Log in
        </Link>
      </p>
    </Form>
  )
}
