import { FaHeart, FaMagnifyingGlassLocation, FaPenToSquare } from 'react-icons/fa6'
import { Link } from 'react-router'
import { PATHS } from '#shared/api.ts'

const STEPS = [
  { Icon: FaMagnifyingGlassLocation, text: 'Search rooms by place, rent and room type.' },
  {
    Icon: FaHeart,
    text: "Like a listing to see the poster's email address, and their phone number if they gave one.",
  },
  { Icon: FaPenToSquare, text: 'Post your own room and keep it up to date.' },
]

export function AboutTeaser() {
  return (
    <section aria-labelledby="about-teaser-title" className="bg-base-200 px-4 py-16">
      <div className="mx-auto grid max-w-6xl items-center gap-10 md:grid-cols-2">
        <div className="space-y-4" data-reveal="fade-up">
          <p className="font-semibold tracking-wide text-primary uppercase">About Nestmate</p>
          <h2 id="about-teaser-title" className="text-3xl font-extrabold sm:text-4xl">
            A calmer way to find someone to live with
          </h2>
          <p className="text-lg text-base-content/80">
            Nestmate puts rooms and the people looking for them in one place. Every listing tells you the
            location, the rent, the kind of room and how the poster likes to live, so you can tell quickly
            whether it fits.
          </p>
          <Link to={PATHS.about} className="btn btn-outline btn-primary">
            More about us
          </Link>
        </div>
        <ul className="space-y-4" data-reveal="fade-up">
          {STEPS.map(({ Icon, text }) => (
            <li key={text} className="flex items-center gap-4 rounded-box bg-base-100 p-5 shadow-sm">
              <span className="grid size-12 shrink-0 place-items-center rounded-full bg-primary text-primary-content">
                <Icon className="size-5" aria-hidden="true" />
              </span>
              <span className="text-lg">{text}</span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  )
}
