import { expect, test } from 'vitest'
import { placeLabel } from './place-values.ts'

test('a place reads as name, a letter division code, and the country name', () => {
  expect(placeLabel({ name: 'Springfield', region: 'IL', country: 'US' })).toBe(
    'Springfield, IL, United States',
  )
  expect(placeLabel({ name: 'Fitzroy', region: '07', country: 'AU' })).toBe('Fitzroy, Australia')
  expect(placeLabel({ name: 'Leeds', region: 'ENG', country: 'GB' })).toBe('Leeds, ENG, United Kingdom')
  expect(placeLabel({ name: 'Prishtina', region: '', country: 'XK' })).toBe('Prishtina, Kosovo')
})
