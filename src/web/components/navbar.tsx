import { Link } from 'react-router'
import { PATHS } from '../../shared/api.ts'
import { useSession } from '../lib/auth-client.ts'
import { MobileMenu } from './mobile-menu.tsx'
import { NavItems } from './nav-links.tsx'
import { ThemeToggle } from './theme-toggle.tsx'
import { UserMenu } from './user-menu.tsx'

export function Navbar() {
  const { data: session } = useSession()
  const isSignedIn = Boolean(session)
  return (
    <header className="sticky top-0 z-40 border-b border-base-300 bg-base-100/95 backdrop-blur">
      <nav aria-label="Main" className="navbar mx-auto max-w-7xl gap-1 px-2 sm:px-4">
        <div className="navbar-start gap-1">
          <MobileMenu isSignedIn={isSignedIn} />
          <Link to={PATHS.home} className="flex items-center gap-2 rounded-lg px-1 text-xl font-bold">
            <img src="/logo.svg" alt="" className="size-9" />
            <span className="max-[359px]:sr-only">Nestmate</span>
          </Link>
        </div>
        <ul className="navbar-center menu menu-horizontal hidden gap-1 lg:flex">
          <NavItems isSignedIn={isSignedIn} />
        </ul>
        <div className="navbar-end gap-1 sm:gap-2">
          <ThemeToggle />
          <UserMenu />
        </div>
      </nav>
    </header>
  )
}
