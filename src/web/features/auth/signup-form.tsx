import { useState } from 'react'
import { Form, Link, useLocation, useNavigation } from 'react-router'
import { PATHS } from '#shared/api.ts'
import { passwordError } from '#shared/signup.ts'
import { TextField } from '../../components/form/text-field.tsx'
import { withFrom } from './return-path.ts'

export type SignupErrors = Partial<Record<'name' | 'email' | 'photo' | 'password', string>>

type SignupFormProps = { errors?: SignupErrors }

export function SignupForm({ errors = {} }: SignupFormProps) {
  const { search } = useLocation()
  const isSubmitting = useNavigation().state === 'submitting'
  const [password, setPassword] = useState('')
  // The spec's rules show while the person types, not only after a submit.
  const liveError = password === '' ? errors.password : (passwordError(password) ?? undefined)

  return (
    // replace: once signed up, Back skips the signup page.
    <Form method="post" replace noValidate className="flex flex-col gap-4">
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
