import { useState } from 'react'
import { FcGoogle } from 'react-icons/fc'
import { showError } from '../../components/popup.ts'
import { Tooltip } from '../../components/tooltip.tsx'
import { startGoogleSignIn } from './api.ts'

type GoogleButtonProps = { isAvailable: boolean; returnTo: string; loginUrl: string }

const UNAVAILABLE = 'Google sign-in is not set up on this Nestmate server yet. Please use email and password.'

/** Sends the visitor to Google (through the server); shown disabled, with the reason, when it is not set up. */
export function GoogleButton({ isAvailable, returnTo, loginUrl }: GoogleButtonProps) {
  const [isStarting, setIsStarting] = useState(false)

  async function handleClick() {
    if (!isAvailable || isStarting) return
    setIsStarting(true)
    const outcome = await startGoogleSignIn(returnTo, loginUrl)
    // On success the browser is already leaving for Google; only a failure comes back here.
    if (!outcome.ok) {
      setIsStarting(false)
      showError('Oops...', outcome.message)
    }
  }

  const button = (describedBy?: string) => (
    <button
      type="button"
      // daisyUI turns pointer events off on aria-disabled buttons; the tooltip needs hover.
      className={`btn btn-outline w-full ${isAvailable ? '' : 'pointer-events-auto! cursor-not-allowed'}`}
      onClick={handleClick}
      // aria-disabled rather than disabled, so keyboard users can still reach the button and hear why.
      aria-disabled={!isAvailable || isStarting}
      aria-describedby={describedBy}
    >
      <FcGoogle className="size-5" aria-hidden="true" />
      {isStarting ? 'Opening Google…' : 'Continue with Google'}
    </button>
  )
  if (isAvailable) return button()
  return (
    <Tooltip text={UNAVAILABLE} className="w-full" showsOnTap>
      {button}
    </Tooltip>
  )
}
