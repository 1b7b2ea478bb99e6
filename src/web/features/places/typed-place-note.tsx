/** A place name searched without picking a suggestion: what was typed, and the label of the place used (null: none). */
export type TypedPlace = { typed: string; usedLabel: string | null }

type TypedPlaceNoteProps = {
  id: string
  typedPlace: TypedPlace | null
  /** What the page shows near the place: "rooms", "people looking". */
  shown: string
  /** Said after the place used, e.g. how to pick another. */
  hint?: string
  className?: string
}

/** Which place a typed name was taken to mean, or that no place has that name: right under the place box. */
export function TypedPlaceNote({ id, typedPlace, shown, hint, className = '' }: TypedPlaceNoteProps) {
  if (!typedPlace) return null
  if (typedPlace.usedLabel === null)
    return (
      <p id={id} role="alert" className={`${className} text-sm font-semibold text-error`.trim()}>
        No town or city called “{typedPlace.typed}” was found. Check the spelling, or choose a place from the
        suggestions as you type.
      </p>
    )
  return (
    <p id={id} role="status" className={`${className} text-sm`.trim()}>
      Showing {shown} near <strong>{typedPlace.usedLabel}</strong>, the best match for “{typedPlace.typed}”.
      {hint && ` ${hint}`}
    </p>
  )
}
