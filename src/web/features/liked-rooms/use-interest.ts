import { useState } from 'react'
import type { LikeResult, ListingDetail } from '#shared/listing.ts'
import { useUnlike } from './use-unlike.ts'

/**
 * Whether the viewer likes the listing, its count and the phone number they may see, from what the page loaded,
 * the page's latest like (`like`) and its latest unlike: whichever of the two happened last wins.
 */
export function useInterest(listing: ListingDetail, like: LikeResult | null) {
  const { unlike, isPending, answer } = useUnlike(listing._id)
  // The like answer the page held when Unlike was pressed: a different one means the person liked again since.
  const [likeAtUnlike, setLikeAtUnlike] = useState<LikeResult | null | undefined>(undefined)
  const unliked = answer?.unlike && likeAtUnlike !== undefined && like === likeAtUnlike ? answer.unlike : null
  const isLiked = unliked === null && (listing.likedByMe || like !== null)
  return {
    isLiked,
    /** What the person did last on this page, if anything. */
    lastAction: unliked ? ('unlike' as const) : like ? ('like' as const) : null,
    likes: unliked?.likes ?? like?.likes ?? listing.likes,
    // After an unlike the phone number is hidden again, as the server will no longer send it.
    number: isLiked ? (like?.number ?? listing.number) : undefined,
    // The poster's e-mail, likewise: the owner's own, or while liked.
    userEmail: listing.isOwner
      ? listing.userEmail
      : isLiked
        ? (like?.userEmail ?? listing.userEmail)
        : undefined,
    unlike: {
      isPending,
      onUnlike: () => {
        setLikeAtUnlike(like)
        void unlike()
      },
    },
  }
}
