import { redirect } from 'react-router'
import { PATHS } from '#shared/api.ts'
import { passwordError } from '#shared/signup.ts'
import { popup, showSuccess } from '../../components/popup.ts'
import { changePassword, deleteAccount, resendVerification } from './api.ts'

export const CHANGE_PASSWORD_INTENT = 'change-password'

export type AccountResult = {
  intent: string
  resent?: boolean
  error?: string
  currentError?: string
  confirmError?: string
  /** When the password was changed: a new key for the form, so its fields are empty again. */
  changedAt?: number
}

const text = (form: FormData, name: string) => String(form.get(name) ?? '')

/** Profile settings' account forms: resend verification, change password, delete account. */
export async function accountAction(intent: string, form: FormData, email: string) {
  if (intent === 'resend-verification') {
    const outcome = await resendVerification(email)
    return outcome.ok ? { intent, resent: true } : { intent, error: outcome.message }
  }
  if (intent === CHANGE_PASSWORD_INTENT) {
    const current = text(form, 'currentPassword')
    const password = text(form, 'newPassword')
    if (!current) return { intent, currentError: 'Enter your current password.' }
    const invalid = passwordError(password)
    if (invalid) return { intent, error: invalid }
    if (password !== text(form, 'confirmPassword'))
      return { intent, confirmError: 'The two passwords differ.' }
    const outcome = await changePassword(current, password)
    if (!outcome.ok)
      return outcome.code === 'INVALID_PASSWORD'
        ? { intent, currentError: 'That is not your current password.' }
        : { intent, error: outcome.message }
    await showSuccess('Password Changed', 'You are signed out on every other device.', 1800)
    return { intent, changedAt: Date.now() }
  }
  // Deleting: one last question, then the password goes to the server, which checks it.
  const answer = await popup({
    icon: 'warning',
    title: 'Delete your account for good?',
    text: 'Your listings with their photos, your living profile, your likes, your sign-ins and your account are removed at once.',
    showCancelButton: true,
    confirmButtonText: 'Delete my account',
    cancelButtonText: 'Keep it',
    customClass: { actions: 'gap-3', confirmButton: 'btn btn-error', cancelButton: 'btn btn-ghost' },
  })
  if (!answer.isConfirmed) return { intent }
  const outcome = await deleteAccount(text(form, 'deletePassword') || undefined)
  if (!outcome.ok)
    return {
      intent,
      error: outcome.code === 'INVALID_PASSWORD' ? 'That is not your password.' : outcome.message,
    }
  // The confirmation is a page of its own, which stays until the person moves on.
  return redirect(PATHS.accountDeleted)
}
