// Nestmate's page table: the one list of the web app's pages. The browser's router (src/web/router.tsx), the paths
// everything links with (PATHS in ./api.ts), the server's per-page preloads (src/server/plugins/page-preloads.ts)
// and the build's prerendered first paint (src/web/first-paint/) all read it. Adding a page is one row here plus
// its route module.
// Plain data, so the server can read it without importing the web app.

/** The layouts pages sit in: the route module that wraps them and the path their pages start with. */
/** `fetches`: what the layout's own loader asks for on every page under it, preloaded as a page's `fetches` are. */
export const LAYOUTS: Record<'root' | 'dashboard', { path: string; module: string; fetches?: string[] }> = {
  root: { path: '/', module: 'routes/root-layout.tsx' },
  dashboard: {
    path: '/dashboard',
    module: 'routes/dashboard/layout.tsx',
    fetches: ['/api/moderation/status'],
  },
}

export type LayoutName = keyof typeof LAYOUTS

export type PageRow = {
  /** The address; `:id` stands for one path segment. `*` is the layout's page for any other address. */
  path: string
  layout: LayoutName
  /** The route module under src/web/ (loader, action, Component, ErrorBoundary), its own chunk. */
  module?: string
  /** An old address kept working by sending the browser on to this path. */
  redirectTo?: string
  /** The same for every visitor, so its first paint is rendered at build time and sent inside index.html. */
  prerender?: boolean
  /** Only for a signed-in person (the route's loader sends anyone else to the login page). */
  signIn?: boolean
  /**
   * The API answers the page's loader asks for at its plain address (no query), exactly as it asks: the server
   * names them in the page's HTML (`<link rel="preload" as="fetch">`), so they are on their way while the app's
   * code loads instead of after it (a prerendered page's largest paint, a card's cover, waits on them; a signed-in
   * page's first rows do). `:id` stands for the page address's own `:id`.
   */
  fetches?: string[]
}

/** Paths keep the original spelling ("rommate") so existing links keep working. */
export const PAGES = {
  home: {
    path: '/',
    layout: 'root',
    module: 'routes/home.tsx',
    prerender: true,
    fetches: ['/api/featured-roommates', '/api/config'],
  },
  about: { path: '/about', layout: 'root', module: 'routes/about.tsx', prerender: true },
  contact: {
    path: '/contact',
    layout: 'root',
    module: 'routes/contact.tsx',
    prerender: true,
    fetches: ['/api/config'],
  },
  support: {
    path: '/support',
    layout: 'root',
    module: 'routes/support.tsx',
    prerender: true,
    fetches: ['/api/config'],
  },
  login: { path: '/login', layout: 'root', module: 'routes/login.tsx' },
  signup: { path: '/signup', layout: 'root', module: 'routes/signup.tsx' },
  forgotPassword: { path: '/forgot-password', layout: 'root', module: 'routes/forgot-password.tsx' },
  resetPassword: { path: '/reset-password', layout: 'root', module: 'routes/reset-password.tsx' },
  emailVerified: { path: '/email-verified', layout: 'root', module: 'routes/email-verified.tsx' },
  accountDeleted: { path: '/account-deleted', layout: 'root', module: 'routes/account-deleted.tsx' },
  /** A saved search's alert mails link here: works without signing in (a signed token in the address). */
  unsubscribe: { path: '/unsubscribe', layout: 'root', module: 'routes/unsubscribe.tsx' },
  browse: {
    path: '/browse-listing',
    layout: 'root',
    module: 'routes/browse-listing.tsx',
    prerender: true,
    fetches: ['/api/roommate-listings', '/api/config'],
  },
  details: {
    path: '/browse-listing-details/:id',
    layout: 'root',
    module: 'routes/listing-details.tsx',
    signIn: true,
  },
  // Rooms wanted: people who need a room, and their ads.
  roomsWanted: {
    path: '/rooms-wanted',
    layout: 'root',
    module: 'routes/rooms-wanted.tsx',
    prerender: true,
    fetches: ['/api/seeker-ads', '/api/config'],
  },
  seekerAd: {
    path: '/rooms-wanted/:id',
    layout: 'root',
    module: 'routes/seeker-ad-details.tsx',
    signIn: true,
  },
  // A person's public profile: who they are, how they answer, what they offer or look for.
  person: { path: '/people/:id', layout: 'root', module: 'routes/person.tsx', signIn: true },
  /** A reference request's mail links here: the referee answers without an account (the token is the `:id`). */
  referenceAnswer: { path: '/references/:id', layout: 'root', module: 'routes/reference-answer.tsx' },
  /** A viewing the seeker shared with someone they trust: no account needed (the link's token is the `:id`). */
  sharedViewing: { path: '/shared-viewing/:id', layout: 'root', module: 'routes/shared-viewing.tsx' },
  // The footer links these short paths; the pages live under /dashboard.
  shortAddListing: { path: '/find-rommate', layout: 'root', redirectTo: '/dashboard/find-rommate' },
  shortMyListings: { path: '/my-listing', layout: 'root', redirectTo: '/dashboard/my-listing' },
  // The API reference: a page of the web app at an /api address (the server hands it index.html).
  apiDocs: { path: '/api/docs', layout: 'root', module: 'routes/api-docs.tsx' },
  notFound: { path: '*', layout: 'root', module: 'routes/not-found.tsx' },
  dashboard: {
    path: '/dashboard',
    layout: 'dashboard',
    module: 'routes/dashboard/overview.tsx',
    signIn: true,
  },
  addListing: {
    path: '/dashboard/find-rommate',
    layout: 'dashboard',
    module: 'routes/dashboard/add-listing.tsx',
    signIn: true,
  },
  myListings: {
    path: '/dashboard/my-listing',
    layout: 'dashboard',
    module: 'routes/dashboard/my-listings.tsx',
    signIn: true,
  },
  editListing: {
    path: '/dashboard/my-listing/:id',
    layout: 'dashboard',
    module: 'routes/dashboard/edit-listing.tsx',
    signIn: true,
  },
  listingSeekers: {
    path: '/dashboard/my-listing/:id/seekers',
    layout: 'dashboard',
    module: 'routes/dashboard/listing-seekers.tsx',
    signIn: true,
  },
  viewingTimes: {
    path: '/dashboard/my-listing/:id/viewing-times',
    layout: 'dashboard',
    module: 'routes/dashboard/viewing-times.tsx',
    signIn: true,
  },
  viewings: {
    path: '/dashboard/viewings',
    layout: 'dashboard',
    module: 'routes/dashboard/viewings.tsx',
    signIn: true,
  },
  mySeekerAd: {
    path: '/dashboard/room-wanted',
    layout: 'dashboard',
    module: 'routes/dashboard/my-seeker-ad.tsx',
    signIn: true,
  },
  dashboardBrowse: {
    path: '/dashboard/browse-listing',
    layout: 'dashboard',
    module: 'routes/browse-listing.tsx',
    signIn: true,
  },
  dashboardDetails: {
    path: '/dashboard/browse-listing-details/:id',
    layout: 'dashboard',
    module: 'routes/listing-details.tsx',
    signIn: true,
  },
  likedRooms: {
    path: '/dashboard/liked-rooms',
    layout: 'dashboard',
    module: 'routes/dashboard/liked-rooms.tsx',
    signIn: true,
  },
  inbox: {
    path: '/dashboard/messages',
    layout: 'dashboard',
    module: 'routes/dashboard/inbox.tsx',
    signIn: true,
    fetches: ['/api/conversations'],
  },
  conversation: {
    path: '/dashboard/messages/:id',
    layout: 'dashboard',
    module: 'routes/dashboard/conversation.tsx',
    signIn: true,
    fetches: ['/api/conversations/:id', '/api/conversations/:id/messages'],
  },
  savedSearches: {
    path: '/dashboard/saved-searches',
    layout: 'dashboard',
    module: 'routes/dashboard/saved-searches.tsx',
    signIn: true,
  },
  myReferences: {
    path: '/dashboard/references',
    layout: 'dashboard',
    module: 'routes/dashboard/references.tsx',
    signIn: true,
  },
  livingProfile: {
    path: '/dashboard/living-profile',
    layout: 'dashboard',
    module: 'routes/dashboard/living-profile.tsx',
    signIn: true,
  },
  // Moderators only (ADMIN_EMAILS): anyone else gets the API's 403 as the page's error.
  moderation: {
    path: '/dashboard/moderation',
    layout: 'dashboard',
    module: 'routes/dashboard/moderation.tsx',
    signIn: true,
  },
  profile: {
    path: '/dashboard/profile-settings',
    layout: 'dashboard',
    module: 'routes/dashboard/profile-settings.tsx',
    signIn: true,
  },
} as const satisfies Record<string, PageRow>

export type PageName = keyof typeof PAGES

/** The rows in table order, each with its name. */
export const PAGE_ROWS: (PageRow & { name: PageName })[] = Object.entries(PAGES).map(([name, row]) => ({
  name: name as PageName,
  ...row,
}))

/** A path with its `:id` filled in. */
export function pathTo(path: string, id?: string): string {
  return id === undefined ? path : path.replace(':id', encodeURIComponent(id))
}
