import { sql } from 'drizzle-orm'
import { PUSH_DEVICES_MAX, type PushKind, type PushSubscriptionAnswer } from '#shared/push.ts'
import type { Database } from '../../db/client.ts'
import { rowsOf } from '../../db/sql.ts'

// A person's push devices (docs/api.md, Push). Every read and write names its owner in its own SQL: someone
// else's subscription matches nothing, and the route answers 404 as for a missing one.

const iso = (column: string) =>
  sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`)
const answer = sql`id as "_id", endpoint, device, ${iso('created_at')} as "createdAt",
  ${iso('last_used_at')} as "lastUsedAt", kinds`

const kindList = (kinds: PushKind[]) =>
  sql`array[${sql.join(
    kinds.map((kind) => sql`${kind}`),
    sql`, `,
  )}]::text[]`

export type NewDevice = { endpoint: string; p256dh: string; auth: string; kinds: PushKind[]; device: string }

export function createPushRepository(db: Database) {
  return {
    list: (userId: string) =>
      rowsOf<PushSubscriptionAnswer>(
        db,
        sql`select ${answer} from push_subscription where user_id = ${userId} order by created_at, id`,
      ),

    /**
     * Subscribes a device, or renews its keys and kinds (a browser subscribes again with the same endpoint). An
     * endpoint someone else subscribed is this person's browser now (a shared computer): it moves to them, and what
     * waited for the other person is dropped. 'full' at PUSH_DEVICES_MAX devices.
     */
    create: (userId: string, device: NewDevice) =>
      db.transaction(async (tx): Promise<PushSubscriptionAnswer | 'full'> => {
        // One subscription at a time per person, so two at once can't both pass the count.
        await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`push:${userId}`}, 0))`)
        await tx.execute(
          sql`delete from push_subscription where endpoint = ${device.endpoint} and user_id <> ${userId}`,
        )
        const [count] = await rowsOf<{ others: number }>(
          tx,
          sql`select count(*)::int as others from push_subscription
            where user_id = ${userId} and endpoint <> ${device.endpoint}`,
        )
        if (count!.others >= PUSH_DEVICES_MAX) return 'full'
        const [row] = await rowsOf<PushSubscriptionAnswer>(
          tx,
          sql`insert into push_subscription (user_id, endpoint, p256dh, auth, kinds, device)
            values (${userId}, ${device.endpoint}, ${device.p256dh}, ${device.auth}, ${kindList(device.kinds)}, ${device.device})
            on conflict (endpoint) do update set p256dh = excluded.p256dh, auth = excluded.auth,
              kinds = excluded.kinds, device = excluded.device
            returning ${answer}`,
        )
        return row!
      }),

    async change(userId: string, id: string, kinds: PushKind[]) {
      const [row] = await rowsOf<PushSubscriptionAnswer>(
        db,
        sql`update push_subscription set kinds = ${kindList(kinds)} where id = ${id} and user_id = ${userId}
          returning ${answer}`,
      )
      return row
    },

    async remove(userId: string, id: string) {
      const rows = await rowsOf(
        db,
        sql`delete from push_subscription where id = ${id} and user_id = ${userId} returning id`,
      )
      return rows.length > 0
    },
  }
}

export type PushRepository = ReturnType<typeof createPushRepository>
