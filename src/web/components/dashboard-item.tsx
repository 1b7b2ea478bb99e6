import { NavLink } from 'react-router'
import { PATHS } from '#shared/api.ts'
import { useSession } from '../lib/auth-client.ts'
import { navLinkClass } from './nav-links.tsx'

/** The Dashboard link, for signed-in people only. */
export function DashboardItem() {
  const { data: session } = useSession()
  if (!session) return null
  return (
    <li>
      <NavLink to={PATHS.dashboard} className={navLinkClass}>
        Dashboard
      </NavLink>
    </li>
  )
}
