// Does a message ask for money? Design section 21 (Safety): before any viewing has happened, a message asking for a
// deposit, a transfer, a holding fee, gift cards and the like reaches the other person with a warning, the rental
// scam's classic step. Asking *about* the deposit ("How much is the deposit?") is an ordinary question and is not
// flagged: the deposit counts only next to a word that moves money.

/** Ways of paying a stranger that a landlord never needs before a viewing. */
const ALWAYS = [
  String.raw`gift ?cards?`,
  String.raw`(?:itunes|amazon|google play|steam) (?:cards?|vouchers?|codes?)`,
  String.raw`holding (?:fee|deposit)`,
  String.raw`(?:reservation|booking|viewing|application|key) fee`,
  String.raw`viewing deposit`,
  String.raw`western union`,
  String.raw`money ?gram`,
  String.raw`bitcoin|btc|crypto(?:currency)?|usdt|ethereum`,
  String.raw`(?:wire|bank|money) transfer`,
  String.raw`wire (?:me|us|the|it|money|funds)`,
  String.raw`iban|swift code|sort code|bank details|account number`,
  String.raw`paypal|venmo|zelle|cash ?app|revolut|wise\.com`,
  String.raw`send (?:me |us )?(?:the |some )?(?:money|cash|payment|funds)`,
  String.raw`pay(?:ment)? (?:up ?front|in advance|before (?:the |a |you |we |i )?(?:viewing|visit|see|come|meet))`,
  String.raw`advance payment`,
]
const MOVES = String.raw`pay|send|transfer|wire|deposit it|upfront|up front|in advance|before|first`
const DEPOSIT_MOVED = [
  String.raw`\b(?:${MOVES})\b[^.?!\n]{0,40}\bdeposit\b`,
  String.raw`\bdeposit\b[^.?!\n]{0,40}\b(?:${MOVES})\b`,
]
const PATTERN = new RegExp(
  [...ALWAYS.map((words) => String.raw`\b(?:${words})\b`), ...DEPOSIT_MOVED].join('|'),
  'i',
)

/** The text as people read it: full-width letters and odd spaces folded, so "ｇｉｆｔ ｃａｒｄ" reads as "gift card". */
const readable = (body: string) => body.normalize('NFKC').replace(/\s+/g, ' ')

export function asksForMoney(body: string): boolean {
  return PATTERN.test(readable(body))
}
