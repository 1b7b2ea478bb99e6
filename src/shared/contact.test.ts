import { describe, expect, test } from 'vitest'
import { checkContact, CONTACT_MESSAGES } from './contact.ts'

describe('checkContact', () => {
  test.each([
    ['facebook.com/jane.doe', 'https://facebook.com/jane.doe'],
    ['https://www.facebook.com/jane.doe', 'https://www.facebook.com/jane.doe'],
    ['http://example.org/rooms?id=4', 'http://example.org/rooms?id=4'],
    ['  instagram.com/jane  ', 'https://instagram.com/jane'],
  ])('%s is a web address: %s', (address, url) => {
    expect(checkContact(address)).toEqual({ url })
  })

  test.each([
    'jane@example.com',
    'mailto:jane@example.com',
    'Jane.Doe+rooms@mail.example.co.uk',
    'jane@example.com/page',
    'https://jane:secret@example.com/',
  ])('%s is an e-mail address, refused saying where e-mail belongs', (address) => {
    expect(checkContact(address)).toEqual({ error: CONTACT_MESSAGES.email })
  })

  test.each(['555 0123', '+1 (503) 555-0142', 'tel:+15035550142', '030 1234567', '555.013.4567'])(
    '%s is a phone number, refused saying where it belongs',
    (address) => {
      expect(checkContact(address)).toEqual({ error: CONTACT_MESSAGES.phone })
    },
  )

  test.each([
    'call me maybe',
    'javascript:alert(1)',
    'data:text/html,<b>x</b>',
    'localhost-ish',
    'ftp://example.com',
  ])('%s is no web address', (address) => {
    expect(checkContact(address)).toEqual({ error: CONTACT_MESSAGES.notAnAddress })
  })
})
