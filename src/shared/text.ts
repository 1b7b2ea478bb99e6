// PostgreSQL text can't hold U+0000: refused here, it is a clear 400 instead of a database error (500).
export const NUL_FREE = {
  check: (value: string) => !value.includes('\u0000'),
  message: (label: string) => `${label} contains a character that isn't allowed.`,
}
