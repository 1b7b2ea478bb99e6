import { useState } from 'react'
import { Form, useNavigation } from 'react-router'
import { passwordError } from '#shared/signup.ts'
import { TextField } from '../../components/form/text-field.tsx'

type NewPasswordFormProps = {
  submitLabel: string
  /** Sent along unseen (the reset token, the form's intent). */
  hidden?: Record<string, string>
  error?: string
  confirmError?: string
  /** Asks for the current password first (changing it while signed in). */
  withCurrent?: boolean
  currentError?: string
}

/** A new password twice (field names unique on the page, as each is its input's id), with the sign-up rules shown while typing. Used by the reset page and profile settings. */
export function NewPasswordForm(props: NewPasswordFormProps) {
  const { submitLabel, hidden = {}, error, confirmError, withCurrent, currentError } = props
  const isSaving = useNavigation().state === 'submitting'
  const [password, setPassword] = useState('')
  const liveError = password === '' ? error : (passwordError(password) ?? error)
  return (
    <Form method="post" noValidate className="flex flex-col gap-4">
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {withCurrent && (
        <TextField
          name="currentPassword"
          label="Current password"
          type="password"
          autoComplete="current-password"
          isRequired
          error={currentError}
        />
      )}
      <TextField
        name="newPassword"
        label="New password"
        type="password"
        autoComplete="new-password"
        isRequired
        hint="At least 6 characters, with an uppercase and a lowercase letter."
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={liveError}
      />
      <TextField
        name="confirmPassword"
        label="Repeat the new password"
        type="password"
        autoComplete="new-password"
        isRequired
        error={confirmError}
      />
      <button type="submit" className="btn btn-primary self-start" disabled={isSaving}>
        {isSaving ? 'Saving…' : submitLabel}
      </button>
    </Form>
  )
}
