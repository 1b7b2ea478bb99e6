import { describe, expect, test } from 'vitest'
import { asksForMoney } from './money-ask.ts'

describe('asksForMoney', () => {
  test.each([
    'Please send the deposit before the viewing so I can hold the room.',
    'To reserve it, pay a deposit of 500 EUR first.',
    'The holding fee is £200, bank transfer only.',
    'Can you buy two Steam cards and send me the codes?',
    'I only accept payment by gift cards.',
    'Wire me the first month and I will post the keys.',
    'We take Western Union or MoneyGram.',
    'Payment in Bitcoin is fine.',
    'Send me your IBAN and I will explain.',
    'There is a viewing fee of 50, PayPal friends and family.',
    'Please pay upfront, I am abroad.',
    'ｇｉｆｔ ｃａｒｄｓ only',
    'The deposit must be transferred before you can see it.',
  ])('flags %j', (body) => expect(asksForMoney(body)).toBe(true))

  test.each([
    'How much is the deposit?',
    'Is the deposit one month’s rent?',
    'Can I see the room on Saturday at 10?',
    'The flat has wireless internet and a wired connection in the study.',
    'I would pay the rent on the first of each month.',
    'I’m transferring to the university here in October.',
    'It was a gift from my grandmother.',
    'The card reader at the door needs a code.',
    'Hi! Is the room still free?',
  ])('leaves %j alone', (body) => expect(asksForMoney(body)).toBe(false))
})
