export type EventType =
  'icecream' | 'workout' | 'movie' | 'yoga' | 'food' | 'game' | 'talk' | 'music' | 'tech' | 'book'

/** An event that recurs every year on the same day (month 1–12). */
export type CommunityEvent = {
  title: string
  month: number
  day: number
  time: string
  location: string
  type: EventType
}

// The nine static community events of the home page, with Nestmate's own times and places.
export const EVENTS: CommunityEvent[] = [
  {
    title: 'Ice Cream Truck',
    month: 8,
    day: 29,
    time: '3:00 PM',
    location: 'Laurelhurst Park, Portland',
    type: 'icecream',
  },
  {
    title: 'Workout Session',
    month: 9,
    day: 11,
    time: '7:30 AM',
    location: 'Waterfront Park, Portland',
    type: 'workout',
  },
  {
    title: 'Movie Night',
    month: 9,
    day: 26,
    time: '8:00 PM',
    location: 'Community Hall, Alberta St',
    type: 'movie',
  },
  {
    title: 'Yoga & Mindfulness',
    month: 10,
    day: 8,
    time: '9:00 AM',
    location: 'Mt. Tabor Park, Portland',
    type: 'yoga',
  },
  {
    title: 'Live Music Night',
    month: 10,
    day: 15,
    time: '7:00 PM',
    location: 'Pearl District Commons',
    type: 'music',
  },
  {
    title: 'Tech Talk',
    month: 10,
    day: 20,
    time: '6:30 PM',
    location: 'Central Library, Portland',
    type: 'tech',
  },
  {
    title: 'Pizza Party',
    month: 10,
    day: 25,
    time: '6:00 PM',
    location: 'Division St Co-working Space',
    type: 'food',
  },
  {
    title: 'Board Game Bash',
    month: 11,
    day: 7,
    time: '5:00 PM',
    location: 'Hawthorne Game Café',
    type: 'game',
  },
  {
    title: 'Poetry Reading',
    month: 11,
    day: 18,
    time: '7:00 PM',
    location: 'Riverside Bookshop, Burnside',
    type: 'book',
  },
]

/** The event's next day on or after `today` (a YYYY-MM-DD date): this year's, or next year's once it has passed. */
export function nextOccurrence(event: Pick<CommunityEvent, 'month' | 'day'>, today: string): string {
  const year = Number(today.slice(0, 4))
  const thisYear = `${year}-${pad(event.month)}-${pad(event.day)}`
  return thisYear >= today ? thisYear : `${year + 1}-${pad(event.month)}-${pad(event.day)}`
}

const pad = (value: number) => String(value).padStart(2, '0')
