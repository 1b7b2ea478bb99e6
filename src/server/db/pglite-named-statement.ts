import {
  parse,
  protocol,
  type messages,
  type PGlite,
  type QueryOptions,
  type Results,
} from '@electric-sql/pglite'

// Named prepared statements on the embedded database (docs/decisions/069). PGlite's `query` sends every statement
// unnamed: each call is parsed and planned again, with a describe of the statement and one of the portal around
// it. On PostgreSQL a statement prepared under a name is parsed once per connection and its plan kept (decision
// 014); this gives PGlite's one connection the same: the statement is parsed and described once, then a call only
// binds its values and executes. Browse's first page costs PGlite ~1.2 ms a call against ~1.8 ms unnamed (the
// plan alone is ~0.7 ms), on the app's own thread, where the embedded database runs.

/** What is kept of a statement prepared on a connection: its parameters' types and the rows' description. */
type Prepared = {
  text: string
  parameterTypes: number[]
  rows: messages.RowDescriptionMessage | undefined
}

/**
 * What PGlite's own `query` does first: its readiness check, then its locks: the transaction lock (a statement
 * never runs inside a transaction another caller has open on the one connection) and the query lock. Declared in
 * PGlite's types with a leading underscore: checked here, so an upgrade that moves them fails loudly.
 */
type Locks = {
  /** Waits for PGlite to be ready, or throws "PGlite is closed" (an answer of 503: plugins/errors.ts). */
  _checkReady: () => Promise<void>
  _runExclusiveTransaction: <T>(fn: () => Promise<T>) => Promise<T>
  _runExclusiveQuery: <T>(fn: () => Promise<T>) => Promise<T>
}

/** A PGlite's internals, checked at its first named statement, and the statements prepared on it. */
type Connection = { locks: Locks; statements: Map<string, Prepared> }
const connections = new WeakMap<PGlite, Connection>()

function connectionOf(client: PGlite): Connection {
  let connection = connections.get(client)
  if (connection) return connection
  const locks = client as unknown as Partial<Locks>
  const missing = (['_checkReady', '_runExclusiveTransaction', '_runExclusiveQuery'] as const).filter(
    (method) => typeof locks[method] !== 'function',
  )
  if (missing.length > 0)
    throw new Error(
      `PGlite's internals moved: ${missing.join(', ')} is gone. Update src/server/db/pglite-named-statement.ts (docs/decisions/069).`,
    )
  connection = { locks: locks as Locks, statements: new Map() }
  connections.set(client, connection)
  return connection
}

/** One extended-protocol step, its messages (a database error is thrown, as PGlite's `query` throws it). */
const step = (client: PGlite, message: Uint8Array) => client.execProtocolStream(message, { syncToFs: false })

/** After an error the connection skips to the next Sync: every exchange ends with one, whatever happened. */
async function exchange(client: PGlite, steps: Uint8Array[]) {
  const answers = []
  try {
    for (const message of steps) answers.push(...(await step(client, message)))
  } finally {
    await step(client, protocol.serialize.sync())
  }
  return answers
}

async function prepare(client: PGlite, name: string, text: string): Promise<Prepared> {
  const answers = await exchange(client, [
    protocol.serialize.parse({ name, text, types: [] }),
    protocol.serialize.describe({ type: 'S', name }),
  ])
  const parameters = answers.find(
    (answer): answer is messages.ParameterDescriptionMessage => answer.name === 'parameterDescription',
  )
  const rows = answers.find(
    (answer): answer is messages.RowDescriptionMessage => answer.name === 'rowDescription',
  )
  return { text, parameterTypes: parameters?.dataTypeIDs ?? [], rows }
}

/**
 * Runs `text` as the statement `name` on this PGlite: prepared at its first call (per PGlite instance, as a
 * PostgreSQL driver prepares per connection), then bound and executed. Values are serialized and rows parsed as
 * PGlite's `query` does, with `options`' parsers. A name stands for one text: another text under it is an error.
 */
async function queryNamed<Row>(
  client: PGlite,
  name: string,
  text: string,
  values: unknown[],
  options: QueryOptions = {},
): Promise<Results<Row>> {
  const { locks, statements } = connectionOf(client)
  await locks._checkReady()
  return locks._runExclusiveTransaction(() =>
    locks._runExclusiveQuery(async () => {
      let statement = statements.get(name)
      if (!statement) {
        statement = await prepare(client, name, text)
        statements.set(name, statement)
      } else if (statement.text !== text)
        throw new Error(`The statement name ${name} is already used by another statement.`)
      const { parameterTypes } = statement
      const bound = values.map((value, index) => {
        if (value === null || value === undefined) return null
        const type = parameterTypes[index]!
        const serializer = options.serializers?.[type] ?? client.serializers[type]
        return serializer ? serializer(value) : String(value)
      })
      const answers = await exchange(client, [
        protocol.serialize.bind({ statement: name, values: bound }),
        protocol.serialize.execute({}),
      ])
      await client.syncToFs()
      // The rows' description came with the statement's; each call's answer is its rows and their end.
      const [result] = parse.parseResults(
        statement.rows ? [statement.rows, ...answers] : answers,
        client.parsers,
        options,
      )
      return result as Results<Row>
    }),
  )
}

/** The one way in (an object, so a test can watch the statements sent: listings.test.ts). */
export const namedStatements = { query: queryNamed }
