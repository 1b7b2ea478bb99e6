import { readFileSync } from 'node:fs'
import http from 'node:http'
import pg from 'pg'
import { gazetteer } from '../src/server/places/gazetteer.ts'
import { referenceAnswer } from './reference-routes.ts'
import type { Answer } from './reference-sql.ts'

// Runs as its own process: `REF_MODE=sql|ceiling PORT=… node --import tsx bench/reference-server.ts`.
// sql: reference 1, raw pg + JSON.stringify. ceiling: answers a pre-serialized copy of each path's JSON.

const mode = process.env.REF_MODE
const port = Number(process.env.PORT)

function send(res: http.ServerResponse, answer: Answer) {
  const body = JSON.stringify(answer.body)
  res.writeHead(answer.status, { 'content-type': 'application/json; charset=utf-8', ...answer.headers })
  res.end(body)
}

function readBody(req: http.IncomingMessage): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    let text = ''
    req.setEncoding('utf8')
    req.on('data', (chunk: string) => (text += chunk))
    req.on('end', () => resolve(text ? (JSON.parse(text) as Record<string, unknown>) : {}))
    req.on('error', reject)
  })
}

function sqlServer() {
  const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 })
  return http.createServer((req, res) => {
    const request = {
      method: req.method ?? 'GET',
      url: new URL(req.url ?? '/', 'http://reference.invalid'),
      cookie: req.headers.cookie,
      body: () => readBody(req),
    }
    referenceAnswer(pool, request).then(
      (answer) => send(res, answer),
      () => send(res, { status: 500, body: { error: 'Something went wrong.' } }),
    )
  })
}

function ceilingServer() {
  // path+query → the exact bytes Nestmate answered, serialized once before the run.
  const answers = new Map(
    Object.entries(JSON.parse(readFileSync(process.env.CEILING_FILE!, 'utf8')) as Record<string, string>).map(
      ([key, body]) => [key, Buffer.from(body)],
    ),
  )
  return http.createServer((req, res) => {
    const body =
      answers.get(`${req.method} ${req.url}`) ?? answers.get(`${req.method} ${req.url?.split('?')[0]}`)
    req.resume()
    if (!body) {
      res.writeHead(404).end()
      return
    }
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length })
    res.end(body)
  })
}

// As Nestmate does after it listens: the autocomplete's index is built before the first request is measured.
if (mode !== 'ceiling') gazetteer.warm()
const server = mode === 'ceiling' ? ceilingServer() : sqlServer()
server.keepAliveTimeout = 72_000
server.listen(port, '127.0.0.1', () => console.log('ready'))
for (const signal of ['SIGTERM', 'SIGINT'] as const)
  process.on(signal, () => server.close(() => process.exit(0)))
