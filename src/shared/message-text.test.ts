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

// The ways people write a contact to step around the shield, each of which it must still find.
const EVASIONS = [
  // Full-width and other compatibility forms, undone by NFKC.
  '０７７００ ９００１２３',
  'call ＋４４ ７７００ ９００１２３',
  'ｅｖｉｌ．ｔｋ/login',
  'pat＠ｅｘａｍｐｌｅ．ｃｏｍ',
  // Any top-level domain, not only the common ones.
  'evil.tk/login',
  'evil.tk',
  'my-rooms.shop',
  'find me on rooms.london',
  'EVIL.TK',
  'ftp://files.example.org/me',
  // Stops written other ways.
  'evil。tk',
  'evil[.]tk',
  'evil (dot) tk',
  'evil dot tk slash login',
  'pat [at] example [dot] com',
  'pat(at)example(dot)com',
  // Letters for digits, and digits spelled out.
  'O77OO 9OO123',
  'oh seven seven double oh nine double oh one two three',
  'zero seven seven zero zero nine zero zero one two three',
  'Call me: 077 double oh, nine oh oh, one two three',
  'SEVEN SEVEN OH OH NINE OH OH ONE TWO THREE',
  'o7 seven 00-9 triple oh 12',
]

// Ordinary sentences the shield must leave alone: a false alarm refuses an ad or marks a message.
const ORDINARY = [
  "I'm 25, love cooking",
  '3 bed flat, 2 bathrooms',
  'Tidy.Love cooking and long walks',
  'Moving in 01.12.2026 or 1-12-2026',
  'Rent 1,200 a month, bills about 150',
  'Two or three people, one dog',
  'I work nine to five, Monday to Friday',
  'Back at 7 o’clock, about 7.30pm',
  'A double room for one or two',
  'Oh, one more thing: I have a cat.',
  'St. Albans, 5.5 km from the station',
  'Looking for a room from 2026 to 2027',
  'Polka dot curtains, I love them',
  'I am 30 and I love hiking',
  'Room no. 4, floor 2',
  'e.g. quiet evenings, i.e. no parties',
]

describe('the contact shield against evasions', () => {
  test.each(EVASIONS)('finds a contact in %j', (body) => expect(holdsContact(body)).toBe(true))
  test.each(ORDINARY)('finds none in %j', (body) => expect(holdsContact(body)).toBe(false))
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
