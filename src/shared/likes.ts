import { z } from 'zod'
import { ListingSummarySchema } from './listing.ts'

/** How many rows a list of likes answers at most: the newest ones. */
export const LIKES_PAGE_SIZE = 100

/** The answer to an unlike: the listing's count after it. The same answer whether or not there was a like. */
export const UnlikeResultSchema = z.object({ likes: z.number(), liked: z.literal(false) })
export type UnlikeResult = z.infer<typeof UnlikeResultSchema>

/** A listing the caller liked: its browse summary and when they liked it. */
export const LikedListingSchema = ListingSummarySchema.extend({ likedAt: z.string() })
export type LikedListing = z.infer<typeof LikedListingSchema>

/** Someone who liked one of the caller's listings: what their profile shows, never their e-mail. */
export const LikerSchema = z.object({ name: z.string(), photo: z.string(), likedAt: z.string() })
export type Liker = z.infer<typeof LikerSchema>
