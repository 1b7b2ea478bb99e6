import type { Alert } from '#shared/saved-search-values.ts'

/** How the pages name each alert setting. */
export const ALERT_LABELS: Record<Alert, string> = {
  instant: 'Instantly (within minutes)',
  daily: 'Daily digest',
  off: 'No e-mails',
}
