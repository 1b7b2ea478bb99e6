import { FaBars } from 'react-icons/fa6'
import { Link } from 'react-router'
import { PATHS } from '#shared/api.ts'
import { ThemeToggle } from '../../components/theme-toggle.tsx'
import { UserMenu } from '../../components/user-menu.tsx'

export const MENU_BUTTON_ID = 'dashboard-menu-button'

type TopBarProps = {
  sidebarId: string
  isSidebarOpen: boolean
  onOpenSidebar: () => void
  /** Rooms are new to a saved search: the menu button, which hides the sidebar's count on phones, shows a dot. */
  hasNews: boolean
}

/** The dashboard's compact header: menu button (phones), logo home, theme and the person's menu. */
export function TopBar({ sidebarId, isSidebarOpen, onOpenSidebar, hasNews }: TopBarProps) {
  return (
    <header className="sticky top-0 z-30 border-b border-base-300 bg-base-100/95 backdrop-blur">
      <div className="navbar gap-1 px-2 sm:px-4">
        <div className="navbar-start gap-1">
          <button
            id={MENU_BUTTON_ID}
            type="button"
            className="btn btn-square btn-ghost relative lg:hidden"
            aria-label={hasNews ? 'Dashboard menu (new rooms for your saved searches)' : 'Dashboard menu'}
            aria-expanded={isSidebarOpen}
            aria-controls={sidebarId}
            onClick={onOpenSidebar}
          >
            <FaBars className="size-5" aria-hidden="true" />
            {hasNews && (
              <span
                className="absolute top-1.5 right-1.5 size-2.5 rounded-full bg-primary ring-2 ring-base-100"
                aria-hidden="true"
              />
            )}
          </button>
          <Link to={PATHS.home} className="flex items-center gap-2 px-1 text-lg font-bold lg:hidden">
            <img src="/logo.svg" alt="" className="size-8" />
            <span className="max-[429px]:sr-only">Nestmate</span>
          </Link>
          <span className="hidden text-lg font-semibold lg:inline">Dashboard</span>
        </div>
        <div className="navbar-end gap-1 sm:gap-2">
          <ThemeToggle />
          <UserMenu />
        </div>
      </div>
    </header>
  )
}
