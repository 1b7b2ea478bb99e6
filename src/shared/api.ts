import { PAGES, pathTo } from './pages.ts'

// Kept free of zod so the web app's entry chunk can import paths without the schema library.

export const API = {
  health: '/api/health',
  openapi: '/api/openapi.json',
  config: '/api/config',
  featured: '/api/featured-roommates',
  listings: '/api/roommate-listings',
  listing: (id: string) => `/api/roommate-listings/${encodeURIComponent(id)}`,
  photos: (id: string) => `/api/roommate-listings/${encodeURIComponent(id)}/photos`,
  photo: (id: string, photoId: string) =>
    `/api/roommate-listings/${encodeURIComponent(id)}/photos/${encodeURIComponent(photoId)}`,
  confirm: (id: string) => `/api/roommate-listings/${encodeURIComponent(id)}/confirm`,
  myListings: '/api/my-listings',
  users: '/api/users',
  person: (id: string) => `/api/people/${encodeURIComponent(id)}`,
  /** A reference request by its link's token: what is asked, and the referee's answer. */
  referenceLink: (token: string) => `/api/references/${encodeURIComponent(token)}`,
  /** The caller's own references (hidden ones too) and requests still open; one of them, to hide or show. */
  myReferences: '/api/references/mine',
  myReference: (id: string) => `/api/references/${encodeURIComponent(id)}`,
  like: (id: string) => `/api/listings/${encodeURIComponent(id)}/like`,
  myLikes: '/api/my-likes',
  likers: (id: string) => `/api/my-listings/${encodeURIComponent(id)}/likers`,
  stats: '/api/stats',
  places: '/api/places',
  livingProfile: '/api/living-profile',
  conversations: '/api/conversations',
  conversation: (id: string) => `/api/conversations/${encodeURIComponent(id)}`,
  messages: (id: string) => `/api/conversations/${encodeURIComponent(id)}/messages`,
  read: (id: string) => `/api/conversations/${encodeURIComponent(id)}/read`,
  block: (id: string) => `/api/conversations/${encodeURIComponent(id)}/block`,
  decline: (id: string) => `/api/conversations/${encodeURIComponent(id)}/decline`,
  movedIn: (id: string) => `/api/conversations/${encodeURIComponent(id)}/moved-in`,
  movedInConfirm: (id: string) => `/api/conversations/${encodeURIComponent(id)}/moved-in/confirm`,
  reviews: '/api/reviews',
  reviewReply: (id: string) => `/api/reviews/${encodeURIComponent(id)}/reply`,
  unread: '/api/unread',
  live: '/api/live',
  reports: '/api/reports',
  seekerAd: '/api/seeker-ad',
  seekerAds: '/api/seeker-ads',
  seekerAdById: (id: string) => `/api/seeker-ads/${encodeURIComponent(id)}`,
  listingSeekers: (id: string) => `/api/roommate-listings/${encodeURIComponent(id)}/seekers`,
  savedSearches: '/api/saved-searches',
  savedSearch: (id: string) => `/api/saved-searches/${encodeURIComponent(id)}`,
  savedSearchSeen: (id: string) => `/api/saved-searches/${encodeURIComponent(id)}/seen`,
  unsubscribe: (token: string) => `/api/saved-searches/unsubscribe?token=${encodeURIComponent(token)}`,
  moderationStatus: '/api/moderation/status',
  moderationQueue: '/api/moderation/queue',
  moderationActions: '/api/moderation/actions',
  moderationListing: (id: string, action: 'hide' | 'unhide') =>
    `/api/moderation/listings/${encodeURIComponent(id)}/${action}`,
  moderationSeekerAd: (id: string, action: 'hide' | 'unhide') =>
    `/api/moderation/seeker-ads/${encodeURIComponent(id)}/${action}`,
  moderationReference: (id: string, action: 'hide' | 'unhide') =>
    `/api/moderation/references/${encodeURIComponent(id)}/${action}`,
  moderationReview: (id: string, action: 'hide' | 'unhide') =>
    `/api/moderation/reviews/${encodeURIComponent(id)}/${action}`,
  moderationUser: (id: string, action: 'suspend' | 'unsuspend') =>
    `/api/moderation/users/${encodeURIComponent(id)}/${action}`,
  moderationDismiss: '/api/moderation/dismiss',
  pushPublicKey: '/api/push/public-key',
  pushSubscriptions: '/api/push/subscriptions',
  pushSubscription: (id: string) => `/api/push/subscriptions/${encodeURIComponent(id)}`,
  viewingTimes: (listingId: string) =>
    `/api/roommate-listings/${encodeURIComponent(listingId)}/viewing-times`,
  viewings: '/api/viewings',
  viewing: (id: string) => `/api/viewings/${encodeURIComponent(id)}`,
  /** A change to a viewing, its calendar file, or its share link. */
  viewingPart: (id: string, part: 'cancel' | 'late' | 'outcome' | 'share' | 'calendar.ics') =>
    `/api/viewings/${encodeURIComponent(id)}/${part}`,
  sharedViewing: (token: string) => `/api/shared-viewings/${encodeURIComponent(token)}`,
  auth: '/api/auth',
} as const

type Pages = typeof PAGES
/** A page's address, or for a page with an `:id` the function that fills it in. */
type PathOf<P extends string> = P extends `${string}:id${string}` ? (id: string) => string : P

/** Web routes, from the page table (./pages.ts): every row with an address of its own. */
export const PATHS = Object.fromEntries(
  Object.entries(PAGES)
    .filter(([, page]) => page.path.startsWith('/'))
    .map(([name, { path }]) => [name, path.includes(':id') ? (id: string) => pathTo(path, id) : path]),
) as { [K in keyof Pages as Pages[K]['path'] extends `/${string}` ? K : never]: PathOf<Pages[K]['path']> }
