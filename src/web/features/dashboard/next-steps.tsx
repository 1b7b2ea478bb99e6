import { FaCircleCheck, FaRegCircle } from 'react-icons/fa6'
import { Link } from 'react-router'
import { PATHS } from '#shared/api.ts'

type NextStepsProps = {
  hasLivingProfile: boolean
  listingCount: number | undefined
  /** Whether the person has a room-wanted ad (a seeker's counterpart of a listing). */
  hasSeekerAd: boolean
}

/**
 * For someone new to Nestmate: what to do first, with what is already done ticked. Hidden once the living
 * profile is filled in and a room is posted or a room-wanted ad written (or when the counts couldn't be read).
 */
export function NextSteps({ hasLivingProfile, listingCount, hasSeekerAd }: NextStepsProps) {
  if (listingCount === undefined) return null
  const hasListing = listingCount > 0
  if (hasLivingProfile && (hasListing || hasSeekerAd)) return null
  // A poster posts a room, a seeker writes an ad: a seeker who has one is not asked for a room.
  const offer =
    hasSeekerAd && !hasListing
      ? {
          isDone: true,
          to: PATHS.mySeekerAd,
          action: 'Write your room-wanted ad',
          why: 'Posters with a room in your towns and budget can find you and write to you.',
        }
      : {
          isDone: hasListing,
          to: PATHS.addListing,
          action: 'Post your room',
          why: 'Have a room to share? Describe it, add photos, and people who fit can like it.',
        }
  const steps = [
    {
      isDone: hasLivingProfile,
      to: PATHS.livingProfile,
      action: 'Fill in your living profile',
      why: 'Two minutes of questions; every listing then shows how well you would match.',
    },
    offer,
    {
      isDone: false,
      to: PATHS.dashboardBrowse,
      action: 'Look for a room',
      why: 'Browse near a place, within your budget; like a room to see how to reach its poster.',
    },
  ]
  return (
    <section aria-labelledby="next-steps" className="card border border-primary/40 bg-base-100 shadow-sm">
      <div className="card-body gap-4">
        <h2 id="next-steps" className="card-title">
          Your next steps
        </h2>
        <ol className="grid gap-3">
          {steps.map(({ isDone, to, action, why }) => (
            <li key={action} className="flex items-start gap-3">
              {isDone ? (
                <FaCircleCheck className="mt-1 shrink-0 text-success" aria-label="Done:" role="img" />
              ) : (
                <FaRegCircle className="mt-1 shrink-0 text-base-content/60" aria-hidden="true" />
              )}
              <div>
                {isDone ? (
                  <span className="font-semibold">{action}</span>
                ) : (
                  <Link to={to} className="link font-semibold link-primary">
                    {action}
                  </Link>
                )}
                <p className="text-sm text-base-content/80">{why}</p>
              </div>
            </li>
          ))}
        </ol>
      </div>
    </section>
  )
}
