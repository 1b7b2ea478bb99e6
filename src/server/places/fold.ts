// Letters that don't decompose into a base letter and a mark (NFD leaves them whole).
const SPECIAL: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ı: 'i',
}

/** The form names are matched in: lower case, without accents ("São Paulo" → "sao paulo", "Zürich" → "zurich"). */
export function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[ßæœøłđðþı]/g, (char) => SPECIAL[char] ?? char)
}
