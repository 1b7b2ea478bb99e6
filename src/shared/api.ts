// Kept free of zod so the web app's entry chunk can import paths without the schema library.

export const API = {
  health: '/api/health',
  config: '/api/config',
  featured: '/api/featured-roommates',
  listings: '/api/roommate-listings',
  listing: (id: string) => `/api/roommate-listings/${encodeURIComponent(id)}`,
  myListings: '/api/my-listings',
  users: '/api/users',
  like: (id: string) => `/api/listings/${encodeURIComponent(id)}/like`,
  stats: '/api/stats',
  auth: '/api/auth',
} as const

/** Web routes. Paths keep the spec's spelling ("rommate") so existing links keep working. */
export const PATHS = {
  home: '/',
  about: '/about',
  contact: '/contact',
  support: '/support',
  login: '/login',
  signup: '/signup',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  emailVerified: '/email-verified',
  browse: '/browse-listing',
  details: (id: string) => `/browse-listing-details/${id}`,
  dashboard: '/dashboard',
  addListing: '/dashboard/find-rommate',
  myListings: '/dashboard/my-listing',
  editListing: (id: string) => `/dashboard/my-listing/${id}`,
  dashboardBrowse: '/dashboard/browse-listing',
  dashboardDetails: (id: string) => `/dashboard/browse-listing-details/${id}`,
  profile: '/dashboard/profile-settings',
} as const
