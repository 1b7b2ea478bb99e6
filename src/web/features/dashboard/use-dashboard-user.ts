import { useOutletContext } from 'react-router'

export type DashboardUser = { name: string; email: string; image?: string | null; emailVerified: boolean }

/** The signed-in person, as the dashboard layout hands it to its pages (kept fresh after a profile update). */
export function useDashboardUser(): DashboardUser {
  return useOutletContext<DashboardUser>()
}
