import { BrowseQuerySchema } from '#shared/listing.ts'
import { DEFAULT_VIEW, VIEW_KEYS, type BrowseView } from './browse-api.ts'

/**
 * Each parameter is checked on its own: a bad one (say minRent=abc in a hand-edited link) falls back to its default
 * instead of failing the whole page.
 */
export function parseBrowseView(params: URLSearchParams): BrowseView {
  const view: BrowseView = { ...DEFAULT_VIEW }
  for (const key of VIEW_KEYS) {
    // A plain form (before the app loads) repeats a parameter its boxes share: read them all, comma-separated.
    const raw = params.getAll(key).join(',').trim()
    if (!raw) continue
    const parsed = BrowseQuerySchema.shape[key].safeParse(raw)
    if (parsed.success && parsed.data !== undefined) Object.assign(view, { [key]: parsed.data })
  }
  if (view.near === undefined) {
    const typed = params.get('nearText')?.trim().slice(0, 100)
    if (typed) view.nearText = typed
    delete view.radiusKm
    if (view.sort === 'distance') view.sort = DEFAULT_VIEW.sort
  } else {
    const name = params.get('nearName')?.trim().slice(0, 200)
    if (name) view.nearName = name
  }
  return view
}
