import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { createListing, createTestApp, signUp, type TestApp } from '../test/app.ts'
import { preferredEncoding } from './compression.ts'

const script = `export const hello = ${JSON.stringify('x'.repeat(4000))}\n`
const root = mkdtempSync(path.join(os.tmpdir(), 'nestmate-web-'))
let t: TestApp

beforeAll(async () => {
  mkdirSync(path.join(root, 'assets'))
  writeFileSync(path.join(root, 'index.html'), '<!doctype html><title>Nestmate</title>')
  const file = path.join(root, 'assets', 'app-abc123.js')
  writeFileSync(file, script)
  writeFileSync(`${file}.br`, brotliCompressSync(script))
  writeFileSync(`${file}.gz`, gzipSync(script))
  t = await createTestApp({}, { webRoot: root })
})
afterAll(async () => {
  await t.close()
  rmSync(root, { recursive: true, force: true })
})

test('a hashed asset is served precompressed with brotli and cached for good', async () => {
  const response = await t.app.inject({
    url: '/assets/app-abc123.js',
    headers: { 'accept-encoding': 'gzip, deflate, br' },
  })
  expect(response.statusCode).toBe(200)
  expect(response.headers['content-encoding']).toBe('br')
  expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable')
  expect(brotliDecompressSync(response.rawPayload).toString()).toBe(script)
})

test('a client that takes only gzip gets the .gz, one that takes nothing gets the file', async () => {
  const gzip = await t.app.inject({ url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'gzip' } })
  expect(gzip.headers['content-encoding']).toBe('gzip')
  const plain = await t.app.inject({
    url: '/assets/app-abc123.js',
    headers: { 'accept-encoding': 'identity' },
  })
  expect(plain.headers['content-encoding']).toBeUndefined()
  expect(plain.body).toBe(script)
})

test('a large API answer is compressed for a client that accepts it, a small one is not', async () => {
  const small = await t.app.inject({ url: '/api/config', headers: { 'accept-encoding': 'br' } })
  expect(small.headers['content-encoding']).toBeUndefined()
  const owner = await signUp(t.app)
  for (let i = 0; i < 8; i++) await createListing(t.app, owner, { title: `Room number ${i}` })
  const plain = await t.app.inject({ url: '/api/roommate-listings' })
  expect(plain.headers['content-encoding']).toBeUndefined()
  expect(plain.body.length).toBeGreaterThan(1024)
  const large = await t.app.inject({ url: '/api/roommate-listings', headers: { 'accept-encoding': 'br' } })
  expect(large.headers['content-encoding']).toBe('br')
  expect(JSON.parse(brotliDecompressSync(large.rawPayload).toString())).toEqual(plain.json())
})

test('an API answer follows Accept-Encoding: gzip when brotli is refused, none when both are', async () => {
  const owner = await signUp(t.app)
  for (let i = 0; i < 8; i++) await createListing(t.app, owner, { title: `Room number ${i}` })
  const plain = await t.app.inject({ url: '/api/roommate-listings' })
  const gzip = await t.app.inject({
    url: '/api/roommate-listings',
    headers: { 'accept-encoding': 'br;q=0, gzip' },
  })
  expect(gzip.headers['content-encoding']).toBe('gzip')
  expect(gzip.headers.vary).toMatch(/accept-encoding/i)
  expect(Number(gzip.headers['content-length'])).toBe(gzip.rawPayload.length)
  expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json())
  const refused = await t.app.inject({
    url: '/api/roommate-listings',
    headers: { 'accept-encoding': 'br;q=0, gzip;q=0' },
  })
  expect(refused.headers['content-encoding']).toBeUndefined()
  expect(refused.json()).toEqual(plain.json())
})

test('preferredEncoding reads weights and wildcards', () => {
  expect(preferredEncoding(undefined)).toBeUndefined()
  expect(preferredEncoding('identity')).toBeUndefined()
  expect(preferredEncoding('gzip, deflate, br')).toBe('br')
  expect(preferredEncoding('gzip;q=1, br;q=0.5')).toBe('gzip')
  expect(preferredEncoding('*')).toBe('br')
  expect(preferredEncoding('*;q=0, gzip')).toBe('gzip')
  expect(preferredEncoding('BR ; q=0.8')).toBe('br')
})
