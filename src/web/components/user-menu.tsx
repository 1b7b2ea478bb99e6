import { useEffect } from 'react'
import { Link, useNavigate } from 'react-router'
import { PATHS } from '#shared/api.ts'
import { signOut, useSession } from '../lib/auth-client.ts'
import { startLive, stopLive } from '../lib/live.ts'
import { popup } from './popup.ts'
import { Tooltip } from './tooltip.tsx'
import { UnreadLink } from './unread-link.tsx'

const DEFAULT_AVATAR = '/default-avatar.svg'

/** Login and Signup for visitors; the profile picture (name on hover) and Logout for signed-in people. */
export function UserMenu() {
  const { data: session, isPending: isChecking, error } = useSession()
  // A check that failed before any answer (a 429, the network) doesn't mean signed out: still unknown.
  const isPending = isChecking || (!session && Boolean(error))
  const navigate = useNavigate()
  const userId = session?.user.id

  // The live stream (new messages, the unread badge) is the signed-in person's and ends with their session; it
  // outlives this menu, which the navbar and the dashboard's top bar each mount.
  useEffect(() => {
    if (userId) startLive(userId)
    else if (!isPending) stopLive()
  }, [userId, isPending])

  async function logout() {
    const answer = await popup({
      icon: 'warning',
      title: 'Are you sure?',
      text: 'You will be logged out.',
      showCancelButton: true,
      confirmButtonText: 'Logout',
      cancelButtonText: 'Cancel',
    })
    if (!answer.isConfirmed) return
    const { error } = await signOut()
    if (error) {
      void popup({
        icon: 'error',
        title: 'Oops...',
        text: error.message ?? 'Could not log out. Please try again.',
      })
      return
    }
    await navigate(PATHS.home)
    void popup({
      icon: 'success',
      title: 'LogOut!',
      text: 'Successfully',
      timer: 1500,
      showConfirmButton: false,
    })
  }

  if (isPending)
    return (
      <span role="status" className="loading loading-dots loading-sm">
        <span className="sr-only">Checking sign-in</span>
      </span>
    )

  if (!session) {
    return (
      <>
        <Link to={PATHS.login} className="btn btn-ghost btn-sm sm:btn-md">
          Login
        </Link>
        <Link to={PATHS.signup} className="btn btn-primary btn-sm sm:btn-md">
          Signup
        </Link>
      </>
    )
  }

  const { name, image } = session.user
  return (
    <>
      <UnreadLink />
      <Tooltip text={name}>
        {(tooltipId) => (
          <Link
            to={PATHS.profile}
            className="avatar grid min-h-11 min-w-11 place-items-center rounded-full"
            aria-describedby={tooltipId}
          >
            <img
              src={image || DEFAULT_AVATAR}
              alt={name}
              referrerPolicy="no-referrer"
              onError={(event) => {
                if (!event.currentTarget.src.endsWith(DEFAULT_AVATAR))
                  event.currentTarget.src = DEFAULT_AVATAR
              }}
              className="size-10 rounded-full border-2 border-primary object-cover"
            />
          </Link>
        )}
      </Tooltip>
      <button type="button" className="btn btn-outline btn-sm sm:btn-md" onClick={() => void logout()}>
        Logout
      </button>
    </>
  )
}
