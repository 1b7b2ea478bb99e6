import { lazy } from 'react'
import { Link } from 'react-router'
import { PATHS } from '#shared/api.ts'
import { AfterHydration } from '../first-paint/after-hydration.tsx'
import { MobileMenu } from './mobile-menu.tsx'
import { NavItems } from './nav-links.tsx'
import { ThemeToggle } from './theme-toggle.tsx'

// Session-dependent parts load after the first paint (they wait for the session answer anyway).
const UserMenu = lazy(() => import('./user-menu.tsx').then((m) => ({ default: m.UserMenu })))

const pending = (
  <span role="status" className="loading loading-dots loading-sm">
    <span className="sr-only">Checking sign-in</span>
  </span>
)

export function Navbar() {
  return (
    <header className="sticky top-0 z-40 border-b border-base-300 bg-base-100/95 backdrop-blur">
      <nav aria-label="Main" className="navbar mx-auto max-w-7xl gap-1 px-2 sm:px-4">
        <div className="navbar-start gap-1">
          <MobileMenu />
          <Link
            to={PATHS.home}
            className="flex min-h-11 items-center gap-2 rounded-lg px-1 text-xl font-bold"
          >
            <img src="/logo.svg" alt="" className="size-9" />
            <span className="max-[429px]:sr-only">Nestmate</span>
          </Link>
        </div>
        <ul className="navbar-center menu menu-horizontal hidden gap-1 lg:flex">
          <NavItems />
        </ul>
        <div className="navbar-end gap-1 sm:gap-2">
          <ThemeToggle />
          <AfterHydration fallback={pending}>
            <UserMenu />
          </AfterHydration>
        </div>
      </nav>
    </header>
  )
}
