import { expect, test } from 'vitest'
import { fold } from './fold.ts'

test('folds case and accents, and the letters that have no accent to drop', () => {
  expect(fold('Zürich')).toBe('zurich')
  expect(fold('SÃO PAULO')).toBe('sao paulo')
  expect(fold('Kraków')).toBe('krakow')
  expect(fold('Łódź')).toBe('lodz')
  expect(fold('Straße')).toBe('strasse')
  expect(fold('Tromsø')).toBe('tromso')
  expect(fold('Reykjavík')).toBe('reykjavik')
})
