import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { createTestApp, type TestApp } from '../test/app.ts'

// The service worker and the manifest as the server hands them out (decision 098).
const root = mkdtempSync(path.join(os.tmpdir(), 'nestmate-web-'))
let t: TestApp

beforeAll(async () => {
  mkdirSync(path.join(root, 'assets'))
  writeFileSync(path.join(root, 'index.html'), '<!doctype html><title>Nestmate</title>')
  writeFileSync(path.join(root, 'sw.js'), 'self.NESTMATE_BUILD = {}\n')
  writeFileSync(path.join(root, 'manifest.webmanifest'), '{"name":"Nestmate"}')
  t = await createTestApp({}, { webRoot: root })
})
afterAll(async () => {
  await t.close()
  rmSync(root, { recursive: true, force: true })
})

test('the worker is a script the browser asks the server about on every check, never kept', async () => {
  const response = await t.app.inject({ url: '/sw.js' })
  expect(response.statusCode).toBe(200)
  expect(response.headers['content-type']).toMatch(/^(text|application)\/javascript/)
  // A long cache on sw.js would hold a new release back from everyone who had the page open.
  expect(response.headers['cache-control']).toBe('no-cache')
})

test('the content security policy lets our own worker and manifest load, and nothing else', async () => {
  const response = await t.app.inject({ url: '/manifest.webmanifest' })
  expect(response.headers['content-type']).toMatch(/^application\/manifest\+json/)
  const policy = String(response.headers['content-security-policy'])
  expect(policy).toContain("worker-src 'self'")
  expect(policy).toContain("manifest-src 'self'")
})
