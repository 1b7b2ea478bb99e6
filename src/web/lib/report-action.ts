import { API } from '#shared/api.ts'
import { NewReportSchema } from '#shared/reports.ts'
import { api, ApiRequestError } from './api.ts'

/**
 * The `report` intent of a page's action (the form of components/report-button.tsx): checked with the API's own
 * schema, then filed. Answers what the button shows: the thank-you, or the reason it failed.
 */
export async function reportAction(form: FormData) {
  const via = form.get('viaKind') ? { kind: form.get('viaKind'), id: form.get('viaId') } : undefined
  const parsed = NewReportSchema.safeParse({
    targetKind: form.get('targetKind'),
    ...(via ? { via } : { targetId: form.get('targetId') }),
    reason: form.get('reason'),
    note: form.get('note') ?? '',
  })
  if (!parsed.success) return { intent: 'report' as const, error: parsed.error.issues[0]?.message }
  try {
    await api<{ reportId: string }>(API.reports, { method: 'POST', body: parsed.data })
    return { intent: 'report' as const, reported: true }
  } catch (error) {
    const message =
      error instanceof ApiRequestError ? error.message : 'Something went wrong; please try again.'
    return { intent: 'report' as const, error: message }
  }
}
