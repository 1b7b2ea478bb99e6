import { createHash, randomBytes } from 'node:crypto'
import { sql } from 'drizzle-orm'
import {
  REFERENCE_LIMITS,
  type MyReferences,
  type ReferenceAnswer,
  type ReferenceAsk,
  type ReferenceRequestInput,
} from '#shared/references.ts'
import type { Database } from '../../db/client.ts'
import { rowsOf } from '../../db/sql.ts'
import { referenceAnswer, referenceShown } from '../../references/public-references.ts'

// References (docs/api.md, References; docs/decisions/091). A link's token is 256 random bits, kept only as its
// SHA-256: whoever reads the database can't answer in a referee's name.

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex')

type Refusal = 'unverified' | 'own-address' | 'exists' | 'too-many'

/** Why a token can't be used: unknown (404), or used or expired (410). */
type TokenState = 'unknown' | 'gone'

export function createReferencesRepository(db: Database) {
  /** The request a token names, as the referee's page needs it, or why there is none. */
  async function ask(
    token: string,
    executor: Pick<Database, 'execute'> = db,
  ): Promise<ReferenceAsk | TokenState> {
    const [row] = await rowsOf<ReferenceAsk & { usable: boolean }>(
      executor,
      sql`select u.name as "requesterName", q.relationship,
          (q.used_at is null and q.expires_at > now()) as usable
        from reference_request q join "user" u on u.id = q.requester_id where q.token_hash = ${hashOf(token)}`,
    )
    if (!row) return 'unknown'
    if (!row.usable) return 'gone'
    return { requesterName: row.requesterName, relationship: row.relationship }
  }

  return {
    /**
     * A new request and its link's token, or why not: the caller's address is unverified, the referee's address is
     * one of the caller's, a reference from it exists, or the caller asked 10 times in the last day (counted under
     * their row's lock, so parallel requests can't pass it together).
     */
    request: (requesterId: string, input: ReferenceRequestInput) =>
      db.transaction(async (tx): Promise<{ token: string; requesterName: string } | Refusal> => {
        const [me] = await rowsOf<{ name: string; email: string; emailVerified: boolean; recent: number }>(
          tx,
          sql`select name, email, email_verified as "emailVerified",
              (select count(*)::int from reference_request where requester_id = ${requesterId}
                and created_at > now() - interval '1 day') as recent
            from "user" where id = ${requesterId} for update`,
        )
        if (!me?.emailVerified) return 'unverified'
        if (me.email.toLowerCase() === input.refereeEmail) return 'own-address'
        if (me.recent >= REFERENCE_LIMITS.perDay) return 'too-many'
        const [exists] = await rowsOf(
          tx,
          sql`select 1 from reference where subject_id = ${requesterId} and referee_email = ${input.refereeEmail}`,
        )
        if (exists) return 'exists'
        const token = randomBytes(32).toString('base64url')
        await tx.execute(sql`insert into reference_request
            (requester_id, referee_email, referee_name, relationship, token_hash, expires_at)
          values (${requesterId}, ${input.refereeEmail}, ${input.refereeName}, ${input.relationship},
            ${hashOf(token)}, now() + make_interval(days => ${REFERENCE_LIMITS.days}))`)
        return { token, requesterName: me.name }
      }),

    ask: (token: string) => ask(token),

    /** The referee's answer: the token is used up in the same transaction that writes the reference. */
    answer: (token: string, answer: ReferenceAnswer) =>
      db.transaction(async (tx): Promise<'done' | 'exists' | TokenState> => {
        const [used] = await rowsOf<{ requesterId: string; refereeEmail: string; refereeName: string }>(
          tx,
          sql`update reference_request set used_at = now()
            where token_hash = ${hashOf(token)} and used_at is null and expires_at > now()
            returning requester_id as "requesterId", referee_email as "refereeEmail", referee_name as "refereeName"`,
        )
        if (!used) {
          // Read in the same transaction: the embedded database has one connection.
          const state = await ask(token, tx)
          return typeof state === 'string' ? state : 'gone'
        }
        const [written] = await rowsOf(
          tx,
          sql`insert into reference (subject_id, referee_email, referee_name, relationship, from_month, to_month,
              tidy, bills, considerate, communication, text)
            values (${used.requesterId}, ${used.refereeEmail}, ${used.refereeName}, ${answer.relationship},
              ${answer.from}, ${answer.to}, ${answer.tidy}, ${answer.bills}, ${answer.considerate},
              ${answer.communication}, ${answer.text})
            on conflict (subject_id, referee_email) do nothing returning id`,
        )
        if (!written) return 'exists'
        return 'done'
      }),

    /** The subject's own references (hidden ones too) and the requests still open. */
    mine: async (userId: string): Promise<MyReferences> => {
      const references = await rowsOf<MyReferences['references'][number]>(
        db,
        sql`select ${referenceAnswer}, not ${referenceShown} as hidden from reference r
          where r.subject_id = ${userId} order by r.created_at desc, r.id`,
      )
      const pending = await rowsOf<MyReferences['pending'][number]>(
        db,
        sql`select referee_name as "refereeName", relationship,
            to_char(expires_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "expiresAt"
          from reference_request where requester_id = ${userId} and used_at is null and expires_at > now()
          order by created_at desc`,
      )
      return { references, pending }
    },

    /** Hides or shows one of the caller's references; false when it isn't theirs (or doesn't exist). */
    setHidden: async (userId: string, id: string, hidden: boolean) => {
      const rows = await rowsOf(
        db,
        sql`update reference set hidden_at = ${hidden ? sql`coalesce(hidden_at, now())` : null}
          where id = ${id} and subject_id = ${userId} returning id`,
      )
      return rows.length > 0
    },
  }
}

export type ReferencesRepository = ReturnType<typeof createReferencesRepository>
