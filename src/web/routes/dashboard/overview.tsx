import { FaEnvelope, FaList, FaUsers } from 'react-icons/fa'
import { FaHouseChimney } from 'react-icons/fa6'
import { useLoaderData, type LoaderFunctionArgs } from 'react-router'
import { PageTitle } from '../../components/page-title.tsx'
import { RouteErrorBoundary } from '../../components/route-error.tsx'
import { requireSession } from '../../lib/require-session.ts'
import { getStats } from '../../features/dashboard/api.ts'
import { NextSteps } from '../../features/dashboard/next-steps.tsx'
import { StatCard } from '../../features/dashboard/stat-card.tsx'
import { getLivingProfile } from '../../features/living-profile/api.ts'
import { getMyAd } from '../../features/rooms-wanted/api.ts'
import { EmailText } from '../../components/email-text.tsx'
import { useDashboardUser } from '../../features/dashboard/use-dashboard-user.ts'

export async function loader({ request }: LoaderFunctionArgs) {
  await requireSession(request)
  // The counts are a nicety: if they can't be read, the page still greets and shows the e-mail.
  const [stats, profile, seekerAd] = await Promise.all([
    getStats().catch(() => null),
    getLivingProfile(request.signal).catch(() => null),
    getMyAd(request.signal).catch(() => null),
  ])
  return { stats, hasLivingProfile: profile !== null, hasSeekerAd: seekerAd !== null }
}

export function Component() {
  const { stats, hasLivingProfile, hasSeekerAd } = useLoaderData<typeof loader>()
  const user = useDashboardUser()
  const count = (value: number | undefined) => (value === undefined ? '–' : value.toLocaleString('en-US'))
  return (
    <section className="flex flex-col gap-6">
      <PageTitle title="Dashboard" />
      <div>
        <h1 className="text-3xl font-bold wrap-anywhere">Welcome, {user.name}!</h1>
        <p className="mt-1 text-base-content/80">Here is how Nestmate looks today.</p>
      </div>
      <NextSteps
        hasLivingProfile={hasLivingProfile}
        listingCount={stats?.myListings}
        hasSeekerAd={hasSeekerAd}
      />
      <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <StatCard label="Total Listings" value={count(stats?.totalListings)} icon={FaHouseChimney} />
        <StatCard label="My Listings" value={count(stats?.myListings)} icon={FaList} />
        <StatCard label="Total Users" value={count(stats?.totalUsers)} icon={FaUsers} />
        <StatCard label="Your Email" value={<EmailText email={user.email} />} icon={FaEnvelope} isText />
      </ul>
      {!stats && (
        <p role="status" className="text-sm text-base-content/80">
          The counts could not be loaded right now. Reload the page to try again.
        </p>
      )}
    </section>
  )
}

export const ErrorBoundary = RouteErrorBoundary
