import { authClient } from '../../lib/auth-client.ts'
import { attempt, type Outcome } from '../../lib/auth-outcome.ts'

// Better Auth's account calls. The server decides where each mail's link lands (src/server/auth.ts).

/** Same answer whether or not the address has an account; only a real one gets the mail. */
export function requestPasswordReset(email: string): Promise<Outcome> {
  return attempt(() => authClient.requestPasswordReset({ email }), 'The mail could not be sent.')
}

export function resetPassword(token: string, newPassword: string): Promise<Outcome> {
  return attempt(() => authClient.resetPassword({ token, newPassword }), 'The password could not be changed.')
}

export function resendVerification(email: string): Promise<Outcome> {
  return attempt(() => authClient.sendVerificationEmail({ email }), 'The mail could not be sent.')
}

/** The server ends every other session of the person, whatever is asked. */
export function changePassword(currentPassword: string, newPassword: string): Promise<Outcome> {
  return attempt(
    () => authClient.changePassword({ currentPassword, newPassword, revokeOtherSessions: true }),
    'The password could not be changed.',
  )
}

export function deleteAccount(password: string | undefined): Promise<Outcome> {
  return attempt(
    () => authClient.deleteUser(password ? { password } : {}),
    'The account could not be deleted.',
  )
}

/** Whether the person signs in with a password (a Google-only account has none to give or change). */
export async function hasPassword(): Promise<boolean> {
  const { data } = await authClient.listAccounts()
  // Unknown (the call failed): ask for the password, which the server checks anyway.
  if (!data) return true
  return data.some((account) => account.providerId === 'credential')
}
