import type { InputHTMLAttributes } from 'react'
import { describedBy, Field } from './field.tsx'

type TextFieldProps = InputHTMLAttributes<HTMLInputElement> & {
  name: string
  label: string
  error?: string
  hint?: string
  isRequired?: boolean
}

/** A labelled input whose error and hint are tied to it for screen readers. */
export function TextField({
  name,
  label,
  error,
  hint,
  isRequired,
  className = '',
  ...input
}: TextFieldProps) {
  return (
    <Field id={name} label={label} error={error} hint={hint} isRequired={isRequired}>
      <input
        id={name}
        name={name}
        required={isRequired}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(name, error, hint)}
        className={`input w-full ${error ? 'input-error' : ''} ${className}`}
        {...input}
      />
    </Field>
  )
}
