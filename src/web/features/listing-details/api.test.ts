import { expect, test } from 'vitest'
import { safeContactHref } from './api.ts'

test('a web page is a link', () => {
  expect(safeContactHref('https://facebook.com/ada.rooms')).toBe('https://facebook.com/ada.rooms')
  expect(safeContactHref('http://example.com/page?x=1')).toBe('http://example.com/page?x=1')
})

test('an e-mail address saved as a web address before they were refused is no link', () => {
  expect(safeContactHref('https://name@example.com/')).toBeNull()
  expect(safeContactHref('https://name@example.com/page')).toBeNull()
  expect(safeContactHref('https://user:secret@example.com/')).toBeNull()
  expect(safeContactHref('http://:secret@example.com/')).toBeNull()
})

test('anything that is not an http(s) address is no link', () => {
  expect(safeContactHref('javascript:alert(1)')).toBeNull()
  expect(safeContactHref('mailto:name@example.com')).toBeNull()
  expect(safeContactHref('facebook.com/ada')).toBeNull()
  expect(safeContactHref('')).toBeNull()
})
