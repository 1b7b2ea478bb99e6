import type { ComponentType } from 'react'
import { PATHS } from '#shared/api.ts'
import { PrivacyIllustration, RoommatesIllustration, SearchIllustration } from './illustrations-a.tsx'
import { InterestIllustration, LikeToCallIllustration } from './illustrations-b.tsx'

export type BannerSlide = {
  heading: string
  description: string
  cta: { label: string; to: string }
  Illustration: ComponentType<{ className?: string }>
}

// The spec's five headings. The descriptions say only what Nestmate really does: it has no identity checks,
// bookings, chat or reviews, and says so rather than promising them.
export const BANNER_SLIDES: BannerSlide[] = [
  {
    heading: 'Find Your Ideal Roommate',
    description:
      'Browse rooms by location, budget and room type, and read how each poster likes to live before you get in touch.',
    cta: { label: 'Browse listings', to: PATHS.browse },
    Illustration: RoommatesIllustration,
  },
  {
    heading: 'Verified & Secure Profiles',
    description:
      "Nestmate doesn't check IDs, so it guards what it can: your email address and phone number stay hidden until someone likes your listing, and only you can edit or delete your posts.",
    cta: { label: 'How we handle your data', to: `${PATHS.support}#privacy` },
    Illustration: PrivacyIllustration,
  },
  {
    heading: 'Search by City or Area',
    description:
      'Type a city, neighbourhood or street, set the rent you can afford and sort by price to see the rooms that fit.',
    cta: { label: 'Start searching', to: PATHS.browse },
    Illustration: SearchIllustration,
  },
  {
    heading: 'Simple Booking Process',
    description:
      "There is no booking form to fill in: like a listing to reveal the poster's email address and phone number, then get in touch and arrange a viewing between yourselves.",
    cta: { label: 'Post your room', to: PATHS.addListing },
    Illustration: LikeToCallIllustration,
  },
  {
    heading: 'Real Reviews & Ratings',
    description:
      'Nestmate has no reviews yet. What it shows is real: how many people liked each listing, counted once per person. Light or dark, browse the way that suits your eyes.',
    cta: { label: 'See what is popular', to: PATHS.browse },
    Illustration: InterestIllustration,
  },
]
