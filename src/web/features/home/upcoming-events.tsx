import type { IconType } from 'react-icons'
import {
  FaBookOpen,
  FaDice,
  FaDumbbell,
  FaFilm,
  FaIceCream,
  FaLaptopCode,
  FaLocationDot,
  FaMicrophone,
  FaMusic,
  FaPizzaSlice,
  FaRegCalendar,
  FaRegClock,
} from 'react-icons/fa6'
import { MdSelfImprovement } from 'react-icons/md'
import { useToday } from '../../lib/today.ts'
import { EVENTS, nextOccurrence, type EventType } from './events-data.ts'
import { SectionHeading } from './section-heading.tsx'

const TYPES: Record<EventType, { Icon: IconType; label: string }> = {
  icecream: { Icon: FaIceCream, label: 'Ice cream' },
  workout: { Icon: FaDumbbell, label: 'Workout' },
  movie: { Icon: FaFilm, label: 'Movie' },
  yoga: { Icon: MdSelfImprovement, label: 'Yoga' },
  food: { Icon: FaPizzaSlice, label: 'Food' },
  game: { Icon: FaDice, label: 'Games' },
  talk: { Icon: FaMicrophone, label: 'Talk' },
  music: { Icon: FaMusic, label: 'Music' },
  tech: { Icon: FaLaptopCode, label: 'Tech' },
  book: { Icon: FaBookOpen, label: 'Books' },
}

const dateFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
})

/**
 * The events, soonest first, each on its next day with the year: an event whose day has passed this year shows
 * next year's. Until the page knows the visitor's date (a prerendered first paint), the dates are left out.
 */
export function UpcomingEvents() {
  const today = useToday()
  const events = EVENTS.map((event) => ({ ...event, date: today && nextOccurrence(event, today) })).sort(
    (a, b) => (a.date ?? '').localeCompare(b.date ?? ''),
  )
  return (
    <section aria-labelledby="events-title" className="bg-base-200 px-4 py-16">
      <SectionHeading
        id="events-title"
        title="Upcoming Events"
        intro="Informal meetups where people looking for a place to share can meet in person. All free."
      />
      <ul className="mx-auto grid max-w-7xl gap-5 sm:grid-cols-2 lg:grid-cols-3">
        {events.map((event) => {
          const { Icon, label } = TYPES[event.type]
          return (
            <li key={event.title} data-reveal="zoom-in">
              <article className="flex h-full gap-4 rounded-box border border-base-300 bg-base-100 p-5 shadow-sm">
                <span className="grid size-14 shrink-0 place-items-center rounded-xl bg-secondary/15 text-secondary">
                  <Icon className="size-7" aria-label={`${label} event`} role="img" />
                </span>
                <div className="min-w-0 space-y-1.5">
                  <h3 className="text-lg font-bold">{event.title}</h3>
                  <p className="flex items-center gap-2 text-sm text-base-content/80">
                    <FaRegCalendar aria-hidden="true" />
                    {event.date ? (
                      <time dateTime={event.date}>{dateFormat.format(new Date(event.date))}</time>
                    ) : (
                      <span className="skeleton h-4 w-24" aria-hidden="true" />
                    )}
                    <FaRegClock aria-hidden="true" className="ml-2" /> {event.time}
                  </p>
                  <p className="flex items-center gap-2 text-sm text-base-content/80">
                    <FaLocationDot aria-hidden="true" className="shrink-0" /> {event.location}
                  </p>
                </div>
              </article>
            </li>
          )
        })}
      </ul>
    </section>
  )
}
