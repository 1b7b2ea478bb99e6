// PostgreSQL text can't hold U+0000: refused here, it is a clear 400 instead of a database error (500).
export const NUL_FREE = {
  check: (value: string) => !value.includes('\u0000'),
  message: (label: string) => `${label} contains a character that isn't allowed.`,
}

/**
 * What a name shown to others, and written into Nestmate's own mail, must not hold: control characters (tabs, line
 * breaks, C1 controls), line and paragraph separators, private-use and lone surrogate code points, invisible
 * formatting (bidirectional overrides and isolates, zero-width spaces, the byte-order mark, tag characters) and
 * the letters that render as nothing (Hangul fillers, the blank Braille pattern). The zero-width joiner and
 * non-joiner stay: emoji and names in Persian or Indic scripts need them.
 */
const NOT_PLAIN = /[\p{Cc}\p{Zl}\p{Zp}\p{Co}\p{Cs}\u115F\u1160\u3164\uFFA0\u2800]|(?![\u200C\u200D])\p{Cf}/u

export const PLAIN_TEXT = {
  check: (value: string) => !NOT_PLAIN.test(value),
  message: (label: string) => `${label} can't contain line breaks, tabs or invisible formatting characters.`,
}

/** `value` with what PLAIN_TEXT refuses taken out (a space where it was), runs of spaces made one, trimmed. */
export function plainText(value: string): string {
  return value.replace(new RegExp(NOT_PLAIN.source, 'gu'), ' ').replace(/\s+/gu, ' ').trim()
}
