import { sql } from 'drizzle-orm'
import type { MessageEvent, Unread } from '#shared/conversations.ts'
import { messageEvent } from '../conversations/conversation-events.ts'
import type { Database } from '../db/client.ts'
import { prepareRaw } from '../db/prepare-raw.ts'
import { newRoomsCount } from '../saved-searches/new-rooms.ts'

/** A message as the live stream reads it, before it is shown to either participant (`mine` is theirs to add). */
export type LiveMessage = {
  id: number
  conversationId: string
  /** Null for an event. */
  senderId: string | null
  kind: 'text' | 'event'
  event: MessageEvent | null
  body: string
  createdAt: string
  shielded: boolean
  moneyAsk: boolean
}

const columns = sql`m.id::float8 as id, m.conversation_id as "conversationId", m.sender_id as "senderId",
  m.kind, ${messageEvent()} as event, m.body,
  to_char(m.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt", m.shielded, m.money_ask as "moneyAsk"`

/** How many missed messages one resume sends at most; a client that missed more loads its pages instead. */
export const BACKLOG_LIMIT = 500

/**
 * The reads the live stream needs: the rows behind notices, a resuming client's backlog, unread counts and the
 * saved searches' new rooms.
 */
export function createLiveRepository(db: Database) {
  const byIds = prepareRaw<LiveMessage>(
    db,
    'live_messages_by_id',
    sql`select ${columns} from message m where m.id = any(${sql.placeholder('ids')}::bigint[]) order by m.id`,
  )
  // Walks message ids upward from the client's last one, keeping the person's conversations: a resume asks for
  // what the last seconds brought, a short range of the primary key.
  const backlog = prepareRaw<LiveMessage>(
    db,
    'live_backlog',
    sql`select ${columns} from message m
      join conversation_member side on side.conversation_id = m.conversation_id
        and side.user_id = ${sql.placeholder('userId')}
      where m.id > ${sql.placeholder('after')}
      order by m.id
      limit ${sql.raw(String(BACKLOG_LIMIT + 1))}`,
  )
  // The newest message id: a stream opened without a last id starts after it (the primary key's last entry).
  const latest = prepareRaw<{ id: number }>(
    db,
    'live_latest_message',
    sql`select coalesce(max(id), 0)::float8 as id from message`,
  )
  const unreadOf = prepareRaw<Unread & { userId: string }>(
    db,
    'live_unread',
    sql`select u.id as "userId", count(side.user_id)::int as conversations,
        coalesce(sum(side.unread), 0)::int as messages
      from unnest(${sql.placeholder('userIds')}::text[]) as u(id)
      left join conversation_member side on side.user_id = u.id and side.unread > 0
      group by u.id`,
  )

  // Each person's rooms new to their saved searches, as the dashboard counts them (decision 100).
  const newRoomsOf = prepareRaw<{ userId: string; newRooms: number }>(
    db,
    'live_new_rooms',
    sql`select u.id as "userId", coalesce(sum(${newRoomsCount}), 0)::int as "newRooms"
      from unnest(${sql.placeholder('userIds')}::text[]) as u(id)
      left join saved_search s on s.user_id = u.id
      group by u.id`,
  )

  return {
    messages: (ids: number[]) => byIds({ ids }),
    /** The person's messages after `after`, oldest first, and whether there were more than BACKLOG_LIMIT. */
    async backlog(userId: string, after: number) {
      const rows = await backlog({ userId, after })
      return { messages: rows.slice(0, BACKLOG_LIMIT), more: rows.length > BACKLOG_LIMIT }
    },
    async latestId(): Promise<number> {
      const [row] = await latest({})
      return row?.id ?? 0
    },
    async unread(userIds: string[]): Promise<Map<string, Unread>> {
      const rows = await unreadOf({ userIds })
      return new Map(rows.map(({ userId, ...counts }) => [userId, counts]))
    },
    async newRooms(userIds: string[]): Promise<Map<string, number>> {
      const rows = await newRoomsOf({ userIds })
      return new Map(rows.map(({ userId, newRooms }) => [userId, newRooms]))
    },
  }
}

export type LiveRepository = ReturnType<typeof createLiveRepository>
