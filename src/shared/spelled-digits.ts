// A phone number spelled out ("oh seven seven double oh, nine double oh one two three"), for the contact shield:
// English digit words, "double" and "triple", and digits among them.

const DIGIT_WORDS: Record<string, string> = {
  zero: '0',
  oh: '0',
  o: '0',
  nought: '0',
  nil: '0',
  one: '1',
  two: '2',
  three: '3',
  four: '4',
  five: '5',
  six: '6',
  seven: '7',
  eight: '8',
  nine: '9',
}
const REPEATS: Record<string, number> = { double: 2, triple: 3 }

// A phone number has at least seven digits; fewer spelled in a row are an age, a count or a list.
const PHONE_DIGITS = 7

/**
 * Whether `text` holds a run of at least seven digits at least one of them spelled, each word or group of digits
 * next to the one before (anything but a letter or digit between them).
 */
export function spelledPhone(text: string): boolean {
  let digits = 0
  let spelled = false
  let repeat = 1
  for (const [token] of text.toLowerCase().matchAll(/[a-z]+|\d+/g)) {
    const word = DIGIT_WORDS[token]
    if (word || /^\d/.test(token)) {
      digits += (word ?? token).length * repeat
      spelled ||= word !== undefined
      repeat = 1
      if (spelled && digits >= PHONE_DIGITS) return true
    } else if (REPEATS[token] && repeat === 1) {
      repeat = REPEATS[token]!
    } else {
      ;[digits, spelled, repeat] = [0, false, 1]
    }
  }
  return false
}
