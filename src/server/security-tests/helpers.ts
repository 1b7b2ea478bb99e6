import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { LightMyRequestResponse } from 'fastify'
import { expect } from 'vitest'

/** Error answers are `{ error }` and never carry a stack trace or an internal error name. */
export function expectError(response: LightMyRequestResponse, status: number, error: string | RegExp) {
  expect(response.statusCode).toBe(status)
  expect(response.headers['content-type']).toMatch(/^application\/json/)
  expect(response.json()).toEqual({ error: typeof error === 'string' ? error : expect.stringMatching(error) })
  expect(response.body).not.toMatch(/\bat .+:\d+|node_modules|\.ts\b|FST_ERR|Error:/)
}

export const ASSET_PATH = '/assets/app-0123abcd.js'

/** A stand-in for the built web app: an index.html and one hashed asset. */
export function makeWebRoot() {
  const root = mkdtempSync(path.join(tmpdir(), 'nestmate-web-'))
  writeFileSync(path.join(root, 'index.html'), '<!doctype html><title>Nestmate</title><div id="root"></div>')
  mkdirSync(path.join(root, 'assets'))
  writeFileSync(path.join(root, ASSET_PATH), 'console.log("nestmate")\n')
  return { root, remove: () => rmSync(root, { recursive: true, force: true }) }
}
