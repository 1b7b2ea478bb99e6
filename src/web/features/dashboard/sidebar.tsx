import type { IconType } from 'react-icons'
import {
  FaBullhorn,
  FaArrowLeft,
  FaChartPie,
  FaEnvelope,
  FaHeart,
  FaBell,
  FaCalendarAlt,
  FaHome,
  FaList,
  FaPlus,
  FaSearch,
  FaShieldAlt,
  FaUserCheck,
  FaUserCog,
} from 'react-icons/fa'
import { Link, NavLink } from 'react-router'
import { PATHS } from '#shared/api.ts'
import { navLinkClass } from '../../components/nav-links.tsx'
import { useUnread } from '../../lib/live.ts'

const ENTRIES: { to: string; label: string; icon: IconType }[] = [
  { to: PATHS.dashboard, label: 'Overview', icon: FaChartPie },
  { to: PATHS.myListings, label: 'My Listing', icon: FaList },
  { to: PATHS.addListing, label: 'Add Roommate Listing', icon: FaPlus },
  { to: PATHS.dashboardBrowse, label: 'Browse Listing', icon: FaSearch },
  { to: PATHS.likedRooms, label: 'Liked Rooms', icon: FaHeart },
  { to: PATHS.mySeekerAd, label: 'My room-wanted ad', icon: FaBullhorn },
  { to: PATHS.inbox, label: 'Messages', icon: FaEnvelope },
  { to: PATHS.viewings, label: 'Viewings', icon: FaCalendarAlt },
  { to: PATHS.savedSearches, label: 'Saved searches', icon: FaBell },
  { to: PATHS.livingProfile, label: 'Living profile', icon: FaHome },
  { to: PATHS.myReferences, label: 'References', icon: FaUserCheck },
  { to: PATHS.profile, label: 'Profile Settings', icon: FaUserCog },
]

const MODERATION = { to: PATHS.moderation, label: 'Moderation', icon: FaShieldAlt }

type SidebarProps = {
  id: string
  onNavigate: () => void
  isModerator?: boolean
  /** Rooms new to the person's saved searches (the layout reads them once for this and the menu button's dot). */
  news: number
}

/** The dashboard's own navigation; on phones it lives in a drawer that closes once a link is chosen. */
export function Sidebar({ id, onNavigate, isModerator = false, news }: SidebarProps) {
  const unread = useUnread()?.messages ?? 0
  return (
    <nav id={id} aria-label="Dashboard" className="flex min-h-full w-72 flex-col gap-4 bg-base-200 p-4">
      <Link
        to={PATHS.home}
        className="flex items-center gap-2 px-2 py-1 text-xl font-bold"
        onClick={onNavigate}
      >
        <img src="/logo.svg" alt="" className="size-9" />
        Nestmate
      </Link>
      <ul className="menu w-full gap-1 p-0 text-base">
        <li>
          <Link to={PATHS.home} onClick={onNavigate}>
            <FaArrowLeft aria-hidden="true" /> Back To Home
          </Link>
        </li>
        <li className="menu-title mt-2 text-base-content/80">Dashboard</li>
        {(isModerator ? [...ENTRIES, MODERATION] : ENTRIES).map(({ to, label, icon: Icon }) => (
          <li key={to}>
            <NavLink to={to} end={to === PATHS.dashboard} className={navLinkClass} onClick={onNavigate}>
              <Icon aria-hidden="true" /> {label}
              {to === PATHS.inbox && unread > 0 && (
                <span className="badge badge-primary badge-sm">
                  {unread}
                  <span className="sr-only"> unread</span>
                </span>
              )}
              {to === PATHS.savedSearches && news > 0 && (
                <span className="badge badge-primary badge-sm">
                  {news}
                  <span className="sr-only"> new rooms</span>
                </span>
              )}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  )
}
