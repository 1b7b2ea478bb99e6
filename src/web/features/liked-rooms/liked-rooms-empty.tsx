import { FaRegHeart } from 'react-icons/fa'
import { Link } from 'react-router'
import { PATHS } from '#shared/api.ts'

/** No likes yet: what a like does, and the way to the listings. */
export function LikedRoomsEmpty() {
  return (
    <div className="rounded-box border border-dashed border-base-300 px-4 py-16 text-center">
      <FaRegHeart aria-hidden="true" className="mx-auto mb-3 size-10 text-primary" />
      <h2 className="text-xl font-bold">You haven’t liked any rooms yet</h2>
      <p className="mx-auto mt-2 max-w-md text-base-content/80">
        Like a room on its details page to see the poster’s email address and phone number. Every room you
        like is kept here.
      </p>
      <Link to={PATHS.dashboardBrowse} className="btn btn-primary mt-4">
        Browse listings
      </Link>
    </div>
  )
}
