import { describe, expect, test } from 'vitest'
import { holdsContact, messageParts } from './message-text.ts'

describe('holdsContact', () => {
  test.each([
    'Call me on +44 7700 900123',
    'my number: (503) 555-0100',
    '0412345678',
    'mail me at pat.doe+rooms@example.co.uk',
    'see https://example.com/listing?id=1',
    'www.my-rooms.net',
    'wa.me/447700900123',
    'bit.ly/abc',
  ])('finds a contact in %j', (body) => expect(holdsContact(body)).toBe(true))

  test.each([
    'Is the room still free?',
    'I could move in on 2026-12-01',
    'Looking for 2025-2026',
    'Budget 850 a month, 12 months',
    'Room 12, floor 3, 2 people',
    'e.g. quiet evenings',
    'Version 1.2.3',
  ])('finds none in %j', (body) => expect(holdsContact(body)).toBe(false))
})

describe('messageParts', () => {
  test('splits text around what it finds, losing nothing, links with an http(s) target', () => {
    const body = 'Hi! Write to me@example.com or see www.example.org/room. Call +1 503 555 0100.'
    const parts = messageParts(body)
    expect(parts).toEqual([
      { kind: 'text', text: 'Hi! Write to ' },
      { kind: 'email', text: 'me@example.com' },
      { kind: 'text', text: ' or see ' },
      { kind: 'link', text: 'www.example.org/room', href: 'https://www.example.org/room' },
      { kind: 'text', text: '. Call ' },
      { kind: 'phone', text: '+1 503 555 0100' },
      { kind: 'text', text: '.' },
    ])
    expect(parts.map((part) => part.text).join('')).toBe(body)
  })

  test('never makes a link of anything but http(s)', () => {
    for (const body of ['javascript:alert(1)', 'data:text/html,<b>x</b>', '<a href="javascript:x">y</a>'])
      expect(messageParts(body).filter((part) => part.kind === 'link')).toEqual([])
    expect(messageParts('http://a.com/<script>')).toEqual([
      { kind: 'link', text: 'http://a.com/', href: 'http://a.com/' },
      { kind: 'text', text: '<script>' },
    ])
  })
})
