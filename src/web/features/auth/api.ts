import { signIn, signUp } from '../../lib/auth-client.ts'
import { tryAgainIn } from './retry-after.ts'
import { attempt, type Outcome } from '../../lib/auth-outcome.ts'

export async function logIn(email: string, password: string): Promise<Outcome> {
  let limited: Response | undefined
  const outcome = await attempt(
    () =>
      signIn.email(
        { email, password },
        {
          onError: ({ response }) => {
            if (response.status === 429) limited = response
          },
        },
      ),
    'Login failed.',
  )
  if (!limited) return outcome
  const wait = limited.headers.get('retry-after') ?? limited.headers.get('x-retry-after')
  return { ok: false, message: `Too many sign-in attempts. ${tryAgainIn(wait)}` }
}

export function register(input: {
  name: string
  email: string
  password: string
  photo: string
}): Promise<Outcome> {
  const { name, email, password, photo } = input
  return attempt(() => signUp.email({ name, email, password, image: photo || undefined }), 'Signup failed.')
}

export async function startGoogleSignIn(callbackURL: string, errorCallbackURL: string): Promise<Outcome> {
  return attempt(
    () => signIn.social({ provider: 'google', callbackURL, errorCallbackURL }),
    'Google sign-in failed.',
  )
}
