import { z } from 'zod'

/** Every API error has this shape (docs/architecture.md §4). */
export const ApiErrorSchema = z.object({
  error: z.string(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
})
export type ApiError = z.infer<typeof ApiErrorSchema>
