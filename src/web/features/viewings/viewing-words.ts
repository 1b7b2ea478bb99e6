import type { Viewing } from '#shared/viewings.ts'

export const KIND_WORDS: Record<Viewing['kind'], string> = { in_person: 'in person', video: 'by video' }

export const STATUS_WORDS: Record<Viewing['status'], string> = {
  booked: 'Booked',
  cancelled: 'Cancelled',
  done: 'Took place',
  no_show: 'Did not come',
}
