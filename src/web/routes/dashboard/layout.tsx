import { useEffect, useRef, useState } from 'react'
import { Outlet, useLoaderData, useLocation, useNavigation, type LoaderFunctionArgs } from 'react-router'
import { RouteErrorBoundary } from '../../components/route-error.tsx'
import { useSession } from '../../lib/auth-client.ts'
import { requireSession } from '../../lib/require-session.ts'
import { Sidebar } from '../../features/dashboard/sidebar.tsx'
import { PageOutline } from '../../features/dashboard/page-outline.tsx'
import { getModeratorStatus } from '../../features/moderation/api.ts'
import { MENU_BUTTON_ID, TopBar } from '../../features/dashboard/top-bar.tsx'
import type { DashboardUser } from '../../features/dashboard/use-dashboard-user.ts'
import { VerifyEmailBanner } from '../../features/account/verify-email-banner.tsx'
import { useSavedSearchNews } from '../../features/saved-searches/use-new-count.ts'

const SIDEBAR_ID = 'dashboard-sidebar'

export async function loader({ request }: LoaderFunctionArgs) {
  // Only whether to show "Moderation" in the menu: without the answer the dashboard still works.
  const moderator = getModeratorStatus().catch(() => ({ isModerator: false }))
  const { name, email, image, emailVerified } = await requireSession(request)
  const { isModerator } = await moderator
  return { user: { name, email, image, emailVerified } satisfies DashboardUser, isModerator }
}

export function Component() {
  const { user: loaded, isModerator } = useLoaderData<typeof loader>()
  // The live session wins, so a profile update shows at once on every dashboard page.
  const session = useSession().data?.user
  const user: DashboardUser = session
    ? { name: session.name, email: session.email, image: session.image, emailVerified: session.emailVerified }
    : loaded
  const [isOpen, setIsOpen] = useState(false)
  const news = useSavedSearchNews()
  const sidebarRef = useRef<HTMLDivElement>(null)
  const navigation = useNavigation()
  const { pathname } = useLocation()
  const isChangingPage = navigation.state === 'loading' && navigation.location.pathname !== pathname
  const nextPath = navigation.location?.pathname ?? pathname

  useEffect(() => {
    if (isOpen) sidebarRef.current?.querySelector('a')?.focus()
  }, [isOpen])

  function closeWithKey() {
    setIsOpen(false)
    document.getElementById(MENU_BUTTON_ID)?.focus()
  }

  return (
    <div
      className="drawer lg:drawer-open"
      onKeyDown={(event) => event.key === 'Escape' && isOpen && closeWithKey()}
    >
      {/* daisyUI's drawer is driven by this checkbox; the menu button in the top bar is what people use. */}
      <input
        id="dashboard-drawer"
        type="checkbox"
        className="drawer-toggle"
        tabIndex={-1}
        aria-hidden="true"
        checked={isOpen}
        onChange={(event) => setIsOpen(event.target.checked)}
      />
      <div className="drawer-content flex min-h-screen flex-col bg-base-100">
        <TopBar
          sidebarId={SIDEBAR_ID}
          isSidebarOpen={isOpen}
          onOpenSidebar={() => setIsOpen(true)}
          hasNews={news > 0}
        />
        <main id="main" className="flex-1 px-4 py-6 sm:px-8 sm:py-8" aria-busy={isChangingPage}>
          {!user.emailVerified && <VerifyEmailBanner email={user.email} />}
          {isChangingPage ? <PageOutline pathname={nextPath} /> : <Outlet context={user} />}
        </main>
      </div>
      <div className="drawer-side z-40" ref={sidebarRef}>
        {/* Clicking beside the open drawer closes it; keyboard users have Escape and the links. */}
        <div className="drawer-overlay" aria-hidden="true" onClick={() => setIsOpen(false)} />
        <Sidebar id={SIDEBAR_ID} onNavigate={() => setIsOpen(false)} isModerator={isModerator} news={news} />
      </div>
    </div>
  )
}

export const ErrorBoundary = RouteErrorBoundary
