import { lazy, Suspense, useEffect, useRef, type ReactNode } from 'react'
import { FaFacebook } from 'react-icons/fa'
import type { ListingDetail, LikeResult } from '#shared/listing.ts'
import { ExampleBadge } from '../listings/example-badge.tsx'
import { safeContactHref } from './api.ts'
import { ContactReveal } from './contact-reveal.tsx'
import { LikeButton } from './like-button.tsx'
import { BackToListings } from './listing-error.tsx'
import { ListingFacts } from './listing-facts.tsx'
import { MatchExplanation } from './match-explanation.tsx'
import { UnlikeButton } from '../liked-rooms/unlike-button.tsx'
import { useInterest } from '../liked-rooms/use-interest.ts'

// Its own chunk: only a listing with photos loads it.
const PhotoGallery = lazy(() => import('./photo-gallery.tsx'))

type ListingViewProps = {
  listing: ListingDetail
  currency: string
  like: LikeResult | null
  isLiking: boolean
  onLike: () => void
  backTo: string
  /** Writing to the poster (conversations): in the actions bar, beside Like. */
  message?: ReactNode
  /** Reporting the listing or its poster, below the contacts. */
  reports?: ReactNode
}

export function ListingView({
  listing,
  currency,
  like,
  isLiking,
  onLike,
  backTo,
  message,
  reports,
}: ListingViewProps) {
  // The server's answer to this page's like or unlike wins over what the page loaded with.
  const { isLiked, lastAction, likes, number, userEmail, unlike } = useInterest(listing, like)
  const contactHref = safeContactHref(listing.contact)
  // Unlike goes away with the like it took back; the keyboard focus goes to Like instead of the page's start.
  const likeButton = useRef<HTMLButtonElement>(null)
  useEffect(() => {
    const isFocusLost = !document.activeElement || document.activeElement === document.body
    if (lastAction === 'unlike' && !isLiked && isFocusLost) likeButton.current?.focus()
  }, [lastAction, isLiked])

  return (
    <article className="card mx-auto w-full max-w-3xl border border-base-300 bg-base-100 shadow-lg">
      <div className="card-body gap-6">
        <header>
          <p className="text-sm font-medium text-base-content/80" aria-live="polite">
            {likes === 1 ? '1 person interested' : `${likes} people interested in`}
          </p>
          <h1 className="mt-1 text-3xl font-bold wrap-anywhere">{listing.title}</h1>
          {listing.isExample && (
            <p className="mt-3 flex flex-wrap items-center gap-2 text-sm text-base-content/80">
              <ExampleBadge />
              This room and its poster are made up to show how Nestmate works: the phone number, e-mail
              address and page lead to no real person.
            </p>
          )}
        </header>
        {listing.photos.length > 0 && (
          // The stand-in has the strip's proportions, so nothing below moves when the gallery arrives.
          <Suspense fallback={<div className="aspect-[4/3] w-full rounded-box bg-base-200" />}>
            <PhotoGallery photos={listing.photos} title={listing.title} />
          </Suspense>
        )}
        <MatchExplanation listing={listing} />
        <ListingFacts listing={listing} userEmail={userEmail} isLiked={isLiked} currency={currency} />
        <section>
          <h2 className="text-lg font-semibold">Description</h2>
          <p className="mt-1 whitespace-pre-line text-base-content/90">
            {listing.description || 'No description yet.'}
          </p>
        </section>
        <div className="flex flex-col gap-3">
          {contactHref ? (
            <a
              href={contactHref}
              target="_blank"
              rel="noopener noreferrer nofollow ugc"
              className="link link-primary w-fit"
            >
              <FaFacebook className="mr-1 inline" aria-hidden="true" />
              Facebook Page <span className="sr-only">(opens in a new tab)</span>
            </a>
          ) : (
            <p className="break-all">Contact info: {listing.contact}</p>
          )}
          {reports}
        </div>
        {/* On phones the actions (Message and Like) stay in reach at the bottom of the screen while the facts are
            read. */}
        <div className="card-actions items-center justify-between border-t border-base-300 pt-4 max-sm:sticky max-sm:bottom-0 max-sm:z-10 max-sm:-mx-6 max-sm:bg-base-100 max-sm:px-6 max-sm:pb-4">
          {!listing.isOwner && (
            <ContactReveal
              isLiked={isLiked}
              number={number}
              userEmail={userEmail}
              isExample={listing.isExample}
              lastAction={lastAction}
            />
          )}
          <BackToListings to={backTo} className="btn btn-ghost" />
          {/* Writing (or told why not yet), Message takes the bar's width. */}
          <div className="ml-auto flex flex-wrap justify-end gap-2 has-[>.w-full]:w-full">
            {message}
            <LikeButton
              ref={likeButton}
              isOwner={listing.isOwner}
              isLiked={isLiked}
              isPending={isLiking}
              onLike={onLike}
            />
            {isLiked && <UnlikeButton {...unlike} />}
          </div>
        </div>
      </div>
    </article>
  )
}
