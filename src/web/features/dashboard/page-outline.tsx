import { PATHS } from '#shared/api.ts'
import { Spinner } from '../../components/spinner.tsx'
import { InboxOutline } from '../conversations/inbox-outline.tsx'

/** What a dashboard page shows while its code and data load: its outline where it has one, else the spinner. */
export function PageOutline({ pathname }: { pathname: string }) {
  return pathname.replace(/\/$/, '') === PATHS.inbox ? <InboxOutline /> : <Spinner />
}

/**
 * The dashboard before its first page has loaded: the top bar's and the sidebar's places, so nothing moves when
 * they come, around the page's outline.
 */
export function DashboardLoading() {
  return (
    <div className="flex min-h-screen bg-base-100">
      <div className="hidden w-72 shrink-0 bg-base-200 lg:block" />
      <div className="flex min-w-0 flex-1 flex-col">
        <div className="h-16 shrink-0 border-b border-base-300" />
        <main id="main" className="flex-1 px-4 py-6 sm:px-8 sm:py-8" aria-busy="true">
          <PageOutline pathname={window.location.pathname} />
        </main>
      </div>
    </div>
  )
}
