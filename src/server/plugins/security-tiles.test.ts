import { expect, test } from 'vitest'
import { tileSource } from './security.ts'

test('the CSP names a tile server only when img-src https: does not already cover it', () => {
  expect(tileSource('https://tile.openstreetmap.org/{z}/{x}/{y}.png')).toEqual([])
  expect(tileSource('http://tiles.lan:8080/{z}/{x}/{y}.png')).toEqual(['http://tiles.lan:8080'])
  expect(tileSource('http://{s}.tiles.lan/{z}/{x}/{y}.png')).toEqual(['http://*.tiles.lan'])
})
