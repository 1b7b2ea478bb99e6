import { z } from 'zod'
import { NUL_FREE } from './text.ts'

/** A trimmed text field of at most `max` characters, named `label` in its messages; empty is allowed. */
export const textField = (label: string, max: number) =>
  z
    .string({
      error: (issue) => (issue.input === undefined ? `${label} is required.` : `${label} must be text.`),
    })
    .trim()
    .max(max, `${label} must be at most ${max} characters.`)
    .refine(NUL_FREE.check, NUL_FREE.message(label))
