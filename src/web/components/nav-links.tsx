import { lazy } from 'react'
import { NavLink } from 'react-router'
import { PATHS } from '#shared/api.ts'
import { AfterHydration } from '../first-paint/after-hydration.tsx'

// The auth client is loaded after the first paint; it is not needed to draw the page (home page JS budget).
const DashboardItem = lazy(() => import('./dashboard-item.tsx').then((m) => ({ default: m.DashboardItem })))

const LINKS = [
  { to: PATHS.home, label: 'Home' },
  { to: PATHS.about, label: 'About Us' },
  { to: PATHS.contact, label: 'Contact' },
  { to: PATHS.support, label: 'Support' },
  { to: PATHS.browse, label: 'Browse Listing' },
  { to: PATHS.roomsWanted, label: 'Rooms wanted' },
]

/** The spec highlights the active link in blue; aria-current (set by NavLink) says the same to screen readers. */
export function navLinkClass({ isActive }: { isActive: boolean }) {
  return isActive ? 'font-semibold text-blue-700 dark:text-blue-300' : ''
}

/** The main links as <li> items, for the desktop bar and the phone dropdown alike. */
export function NavItems() {
  return (
    <>
      {LINKS.map((link) => (
        <li key={link.to}>
          <NavLink to={link.to} end={link.to === PATHS.home} className={navLinkClass}>
            {link.label}
          </NavLink>
        </li>
      ))}
      <AfterHydration fallback={null}>
        <DashboardItem />
      </AfterHydration>
    </>
  )
}
