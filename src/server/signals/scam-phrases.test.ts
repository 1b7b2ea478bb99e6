import { expect, test } from 'vitest'
import { normalizeText, SCAM_PHRASES, scamPhrasesIn } from './scam-phrases.ts'

test.each([
  ['Pay by Western Union only.', ['western union']],
  ['WESTERN   UNION or MoneyGram', ['western union', 'moneygram']],
  ['Please send the deposit by wire-transfer today', ['wire transfer']],
  ['I’m abroad for work, I will post the keys', ['i m abroad']],
  ['I am currently ABROAD on a mission abroad', ['currently abroad', 'on a mission abroad']],
  ['Payment before viewing, no exceptions', ['payment before viewing']],
  ['Deposit before the viewing please', ['deposit before the viewing']],
  ['Accept Gift Cards (iTunes card or Steam card)', ['gift card', 'itunes card', 'steam card']],
  ['Je suis à l’étranger: pay in Bitcoin', ['bitcoin']],
  ['Wíre  tránsfer accepted', ['wire transfer']],
])('“%s” holds %j', (text, phrases) => {
  expect(scamPhrasesIn(text)).toEqual(phrases)
})

test.each([
  'A bright room in a calm shared flat, viewings on weekday evenings.',
  'Deposit of one month, paid after the viewing and signing the contract.',
  'I work in a union office and studied abroad last year.',
  'The western side of the house gets the afternoon sun.',
  'Giftcards are not a thing here; we love cards games though.',
  'Transferring the lease is possible; the wire fence is new.',
  'Bitcoiner? We are not. Abroad students welcome.',
])('“%s” holds none', (text) => {
  expect(scamPhrasesIn(text)).toEqual([])
})

test('every phrase is written as normalized text holds it', () => {
  for (const phrase of SCAM_PHRASES) expect(normalizeText(phrase)).toBe(` ${phrase} `)
})
