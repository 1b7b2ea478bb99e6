import { Writable } from 'node:stream'
import type { FastifyBaseLogger } from 'fastify'
import pino from 'pino'
import { z } from 'zod'
import type { DatabaseHandle } from '../db/client.ts'
import { defineJob, type JobContext, type JobDefinition } from './define-job.ts'
import { createJobRunner } from './job-runner.ts'

export type LogLine = { level: number; msg: string; job?: string; attempt?: number }

/** A real pino logger whose lines the test reads (levels: 30 info, 40 warn, 50 error). */
export function recordingLogger() {
  const lines: LogLine[] = []
  const out = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as LogLine)
      done()
    },
  })
  return { log: pino({ level: 'info' }, out) as unknown as FastifyBaseLogger, lines }
}

/** A job for tests: its data is `{ n?: number }`; `run` gets it with the context. */
export function testJob(
  name: string,
  run: (data: { n?: number }, context: JobContext) => Promise<void>,
  settings: Partial<JobDefinition> = {},
) {
  return defineJob({
    name,
    parse: (data) => z.object({ n: z.number().int().optional() }).parse(data),
    run,
    expireSeconds: 30,
    retry: { limit: 2, delaySeconds: 1 },
    ...settings,
  })
}

/** A runner on `database` with a movable clock and its queues made; stop() it after the test. */
export async function testRunner(database: DatabaseHandle, jobs: JobDefinition[], stopGraceMs?: number) {
  const recorded = recordingLogger()
  const runner = createJobRunner({ database, log: recorded.log, jobs, movableClock: true, stopGraceMs })
  await runner.init()
  return Object.assign(runner, { lines: recorded.lines })
}

/** A promise with its resolve, for a test to wait on what a job does. */
export function signal<T = void>() {
  let resolve!: (value: T) => void
  const promise = new Promise<T>((done) => (resolve = done))
  return { promise, resolve }
}
