// The scam-phrase signal (decision 051): words that rental scams use and honest posters rarely do. Payment before
// anyone has seen the room, money sent in ways that can't be taken back, and a landlord who can't be met. A phrase
// is written as the normalized text holds it (below): lower case, no accents, words apart by single spaces.
// Adding one: put a sentence that must match and one that must not in scam-phrases.test.ts.

export const SCAM_PHRASES = [
  // Money that can't be taken back
  'western union',
  'moneygram',
  'wire transfer',
  'wire the deposit',
  'wire the money',
  'gift card',
  'itunes card',
  'steam card',
  'bitcoin',
  'crypto wallet',
  // Paying before seeing
  'deposit before viewing',
  'deposit before the viewing',
  'pay before viewing',
  'payment before viewing',
  'payment before the viewing',
  'send the deposit first',
  'keys will be sent',
  'send you the keys',
  // The landlord who is away
  'i am abroad',
  'i m abroad',
  'currently abroad',
  'out of the country',
  'working abroad',
  'on a mission abroad',
] as const

/**
 * Text as phrases are compared: accents removed (é → e), lower case, and every run of anything but letters and
 * digits one space, with a space at each end so that a phrase matches whole words only.
 */
export function normalizeText(text: string): string {
  const plain = text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
  return ` ${plain} `
}

/** The phrases `text` holds (a phrase's last word may take a plural s), in the list's order (none: []). */
export function scamPhrasesIn(text: string): string[] {
  const normalized = normalizeText(text)
  return SCAM_PHRASES.filter(
    (phrase) => normalized.includes(` ${phrase} `) || normalized.includes(` ${phrase}s `),
  )
}
