import { placeLabel } from '#shared/place-values.ts'
import { searchPlaces } from '../places/places-api.ts'
import type { BrowseView } from './browse-api.ts'

/** A place typed and searched without a suggestion picked: what was typed, and the label of the place used (null: none). */
export type TypedPlace = { typed: string; usedLabel: string | null }

/**
 * The view with a typed place name (`nearText`) replaced by the gazetteer's best match for it, nearest first as
 * picking a suggestion makes it; and what was typed and used, for the page to say. A name nothing matches leaves
 * the view without a place.
 */
export async function resolveTypedPlace(
  view: BrowseView,
  signal?: AbortSignal,
): Promise<{ view: BrowseView; typedPlace: TypedPlace | null }> {
  const { nearText, ...rest } = view
  if (!nearText || view.near !== undefined) return { view: rest, typedPlace: null }
  const [best] = await searchPlaces(nearText, signal)
  if (!best) return { view: rest, typedPlace: { typed: nearText, usedLabel: null } }
  const usedLabel = placeLabel(best)
  const sort = rest.sort === 'rent_asc' ? 'distance' : rest.sort
  return {
    view: { ...rest, near: best.id, nearName: usedLabel, sort },
    typedPlace: { typed: nearText, usedLabel },
  }
}
