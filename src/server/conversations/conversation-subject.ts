import { sql } from 'drizzle-orm'

/**
 * What a conversation is about, from `conversation c`: its kind, id and title (a listing's, or "Room wanted in"
 * the ad's first area's place name: a town at its finest); once deleted, the title it had (`kept_title`). Joins `listing l` and `seeker_ad a`.
 */
export const subjectTitle = sql`coalesce(l.title, 'Room wanted in ' || split_part(a.areas -> 0 ->> 'name', ',', 1),
  c.kept_title)`
/**
 * Whether the subject is still on offer to everyone: a listing Available and shown, an ad active and shown. Why
 * not (its owner's choice, moderation) is never said to the other side (decision 084): they read "no longer
 * available".
 */
export const subjectAvailable = sql`coalesce(l.availability = 'Available' and l.hidden_reason is null,
  a.status = 'active' and a.hidden_reason is null, false)`
export const subjectJoins = sql`left join listing l on l.id = c.listing_id
  left join seeker_ad a on a.id = c.seeker_ad_id`
