import { sql } from 'drizzle-orm'

/**
 * What a conversation is about, from `conversation c`: its kind, id and title (a listing's, or "Room wanted in"
 * the ad's first area's place name: a town at its finest), null once deleted. Joins `listing l` and `seeker_ad a`.
 */
export const subjectTitle = sql`coalesce(l.title, 'Room wanted in ' || split_part(a.areas -> 0 ->> 'name', ',', 1))`
export const subjectJoins = sql`left join listing l on l.id = c.listing_id
  left join seeker_ad a on a.id = c.seeker_ad_id`
