export type EventType =
  'icecream' | 'workout' | 'movie' | 'yoga' | 'food' | 'game' | 'talk' | 'music' | 'tech' | 'book'

export type CommunityEvent = { title: string; date: string; time: string; location: string; type: EventType }

// The home page's nine static events: fixed titles, dates and kinds, with Nestmate's own times and places.
export const EVENTS: CommunityEvent[] = [
  {
    title: 'Ice Cream Truck',
    date: 'Aug 29',
    time: '3:00 PM',
    location: 'Laurelhurst Park, Portland',
    type: 'icecream',
  },
  {
    title: 'Workout Session',
    date: 'Sept 11',
    time: '7:30 AM',
    location: 'Waterfront Park, Portland',
    type: 'workout',
  },
  {
    title: 'Movie Night',
    date: 'Sept 26',
    time: '8:00 PM',
    location: 'Community Hall, Alberta St',
    type: 'movie',
  },
  {
    title: 'Yoga & Mindfulness',
    date: 'Oct 8',
    time: '9:00 AM',
    location: 'Mt. Tabor Park, Portland',
    type: 'yoga',
  },
  {
    title: 'Live Music Night',
    date: 'Oct 15',
    time: '7:00 PM',
    location: 'Pearl District Commons',
    type: 'music',
  },
  {
    title: 'Tech Talk',
    date: 'Oct 20',
    time: '6:30 PM',
    location: 'Central Library, Portland',
    type: 'tech',
  },
  {
    title: 'Pizza Party',
    date: 'Oct 25',
    time: '6:00 PM',
    location: 'Division St Co-working Space',
    type: 'food',
  },
  { title: 'Board Game Bash', date: 'Nov 7', time: '5:00 PM', location: 'Hawthorne Game Café', type: 'game' },
  {
    title: 'Poetry Reading',
    date: 'Nov 18',
    time: '7:00 PM',
    location: 'Riverside Bookshop, Burnside',
    type: 'book',
  },
]
