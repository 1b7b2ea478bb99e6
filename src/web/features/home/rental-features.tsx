import { FaArrowUpWideShort, FaMagnifyingGlassLocation, FaPeopleRoof } from 'react-icons/fa6'
import { Link } from 'react-router'
import { PATHS } from '#shared/api.ts'
import { SectionHeading } from './section-heading.tsx'

const FEATURES = [
  {
    Icon: FaMagnifyingGlassLocation,
    title: 'Search by place',
    text: 'Type a city, neighbourhood or street and see only the rooms there.',
    action: 'Search rooms',
  },
  {
    Icon: FaPeopleRoof,
    title: 'Pick your room type',
    text: 'Single, shared or studio: filter the list to the kind of room you want.',
    action: 'Filter rooms',
  },
  {
    Icon: FaArrowUpWideShort,
    title: 'Stay on budget',
    text: 'Set a rent range and sort from cheapest to dearest, or newest first.',
    action: 'Sort by rent',
  },
]

export function RentalFeatures() {
  return (
    <section aria-labelledby="features-title" className="mx-auto max-w-7xl px-4 py-16">
      <SectionHeading
        id="features-title"
        title="Find a room that fits"
        intro="Three ways to narrow the list down."
      />
      <ul className="grid gap-6 md:grid-cols-3">
        {FEATURES.map(({ Icon, title, text, action }) => (
          <li key={title} data-reveal="fade-up">
            <article className="card h-full bg-primary text-primary-content shadow-md">
              <div className="card-body items-start">
                <Icon className="size-9" aria-hidden="true" />
                <h3 className="card-title text-xl">{title}</h3>
                <p>{text}</p>
                <Link
                  to={PATHS.browse}
                  className="btn mt-2 border-0 bg-base-100 text-base-content hover:bg-base-200"
                >
                  {action}
                </Link>
              </div>
            </article>
          </li>
        ))}
      </ul>
    </section>
  )
}
