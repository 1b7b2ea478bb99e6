import { describe, expect, it } from 'vitest'
import { issuesToFieldErrors, parseListingForm } from './parse-listing-form.ts'
import { CONTACT_MESSAGES } from '#shared/contact.ts'

function form(fields: Record<string, string>) {
  const data = new FormData()
  for (const [name, value] of Object.entries(fields)) data.set(name, value)
  return data
}

const valid = {
  title: 'Sunny room',
  location: 'Portland',
  rent: '850',
  roomType: 'Studio',
  advertiser: 'live_out_landlord',
  contact: 'facebook.com/sunny',
  number: '+1 503 555 0100',
}

describe('parseListingForm', () => {
  it('accepts a filled form, adds https:// and defaults availability', () => {
    const result = parseListingForm(form(valid))
    expect(result).toMatchObject({
      ok: true,
      listing: { rent: 850, contact: 'https://facebook.com/sunny', availability: 'Available', lifestyle: '' },
    })
  })

  it('names every missing required field', () => {
    expect(parseListingForm(form({}))).toEqual({
      ok: false,
      errors: {
        title: 'Title is required.',
        location: 'Location is required.',
        rent: 'Rent is required.',
        roomType: 'Room type is required.',
        contact: 'Contact info is required.',
        advertiser: 'Who is posting is required.',
      },
    })
  })

  it('refuses a contact that is not a web address', () => {
    const result = parseListingForm(form({ ...valid, contact: 'javascript:alert(1)' }))
    expect(result).toEqual({
      ok: false,
      errors: { contact: CONTACT_MESSAGES.notAnAddress },
    })
  })
})

describe('issuesToFieldErrors', () => {
  it('keeps the first message per form field and drops paths the form does not have', () => {
    expect(
      issuesToFieldErrors([
        { path: 'rent', message: 'Rent must be a number.' },
        { path: 'rent', message: 'second' },
        { path: 'likes', message: 'not a form field' },
      ]),
    ).toEqual({ rent: 'Rent must be a number.' })
  })
})
