import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react'
import { placeLabel, type Place } from '#shared/place-values.ts'
import { chosenOf, usePlaceSuggestions, type ChosenPlace } from './use-place-suggestions.ts'

export type { ChosenPlace }

type PlaceComboboxProps = {
  label: string
  /** The text box's id, for a link to it (a summary of errors); a generated one without it. */
  inputId?: string
  /** The form field that carries the chosen place's id ('' without one). */
  name: string
  /** A second form field that carries the chosen place's label, for a URL that shows it again. */
  labelName?: string
  /**
   * The form field that carries what was typed when no place is chosen, for a form that takes the best match
   * itself (browse); without it, only a chosen place is sent.
   */
  textName?: string
  defaultPlace?: ChosenPlace | null
  /** Text the box starts with when no place is chosen (a typed name that found nothing). */
  defaultText?: string
  placeholder?: string
  /** Ids of the hint and error the box should be read with. */
  describedBy?: string
  isInvalid?: boolean
  /** Called as a place is chosen or cleared, with the text box (its form is the place's form). */
  onChange?: (place: ChosenPlace | null, input: HTMLInputElement) => void
}

/**
 * A place box with suggestions from the gazetteer: the ARIA combobox pattern (a text box that controls a list box).
 * Arrow keys move through the suggestions, Enter chooses one, Escape closes the list (or, closed, clears the box).
 * Typing leaves no place chosen until a suggestion is picked, so the form never sends a place the person didn't see;
 * with `textName` it sends what was typed instead, and the page says which place it used.
 */
export function PlaceCombobox(props: PlaceComboboxProps) {
  const { label, name, labelName, textName, defaultPlace = null, defaultText = '' } = props
  const { placeholder, describedBy, isInvalid, onChange } = props
  const id = useId()
  const inputId = props.inputId ?? `${id}-input`
  const listId = `${id}-list`
  const [chosen, setChosen] = useState<ChosenPlace | null>(defaultPlace)
  const [text, setText] = useState(defaultPlace?.label ?? defaultText)
  const input = useRef<HTMLInputElement>(null)
  const suggestions = usePlaceSuggestions(
    textName
      ? undefined
      : (place) => {
          setChosen(place)
          if (input.current) onChange?.(place, input.current)
        },
  )
  const { options, isOpen, active, search } = suggestions

  // Text typed into the first paint's box before the app was live is still in it, unseen by the app: take it up
  // and look for its suggestions, as if it had been typed now.
  useEffect(() => {
    const typed = input.current?.value ?? ''
    if (typed === text) return
    setText(typed)
    setChosen(null)
    search(typed)
    // Once, as the box goes live.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  function choose(place: ChosenPlace | null) {
    setChosen(place)
    setText(place?.label ?? '')
    suggestions.close()
    if (input.current) onChange?.(place, input.current)
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp':
        event.preventDefault()
        if (isOpen) suggestions.move(event.key === 'ArrowDown')
        else if (options.length > 0) suggestions.open()
        else search(text)
        return
      case 'Enter':
        if (isOpen && active >= 0 && options[active]) {
          // Enter picks the suggestion instead of submitting the form.
          event.preventDefault()
          choose(chosenOf(options[active]))
        }
        return
      case 'Escape':
        if (isOpen) {
          event.preventDefault()
          suggestions.close()
        } else if (text) {
          event.preventDefault()
          choose(null)
        }
        return
    }
  }

  const activeId = isOpen && active >= 0 && active < options.length ? `${id}-option-${active}` : undefined
  const needsChoice = Boolean(text.trim()) && !chosen && !isOpen
  const hintId = `${id}-hint`
  return (
    <div className="relative flex flex-col gap-1 text-sm font-medium">
      <label htmlFor={inputId}>{label}</label>
      <input
        ref={input}
        id={inputId}
        name={chosen ? undefined : textName}
        type="text"
        role="combobox"
        autoComplete="off"
        spellCheck={false}
        aria-autocomplete="list"
        aria-expanded={isOpen}
        aria-controls={listId}
        aria-activedescendant={activeId}
        aria-invalid={isInvalid || undefined}
        aria-describedby={
          [describedBy, needsChoice ? hintId : undefined].filter(Boolean).join(' ') || undefined
        }
        value={text}
        maxLength={100}
        placeholder={placeholder}
        className="input w-full"
        onChange={(event) => {
          setText(event.target.value)
          // Editing the text un-chooses the place; the view changes only when one is chosen or the box emptied.
          if (chosen && event.target.value === '') {
            choose(null)
            return
          }
          if (chosen) setChosen(null)
          search(event.target.value)
        }}
        onKeyDown={onKeyDown}
        onBlur={suggestions.close}
      />
      {/* Only a chosen place is sent: a plain GET form (before the app has loaded) then adds nothing to the URL. */}
      {chosen && <input type="hidden" name={name} value={String(chosen.id)} />}
      {chosen && labelName && <input type="hidden" name={labelName} value={chosen.label} />}
      <Suggestions
        id={id}
        label={label}
        options={options}
        active={active}
        hidden={!isOpen || options.length === 0}
        onChoose={(place) => choose(chosenOf(place))}
      />
      {needsChoice && (
        <p id={hintId} className="text-xs font-normal text-base-content/80">
          {textName
            ? 'Search uses the best match, or choose a place from the suggestions.'
            : 'Choose a place from the suggestions.'}
        </p>
      )}
      <p role="status" className="sr-only">
        {suggestions.status}
      </p>
    </div>
  )
}

type SuggestionsProps = {
  /** The box's id: the list is `${id}-list`, its options `${id}-option-N`. */
  id: string
  label: string
  options: Place[]
  active: number
  hidden: boolean
  onChoose: (place: Place) => void
}

/** The list box of suggestions under the place box. */
function Suggestions({ id, label, options, active, hidden, onChoose }: SuggestionsProps) {
  return (
    <ul
      id={`${id}-list`}
      role="listbox"
      aria-label={`${label} suggestions`}
      hidden={hidden}
      className="absolute top-full right-0 left-0 z-20 mt-1 max-h-72 overflow-auto rounded-box border border-base-300 bg-base-100 p-1 shadow-lg"
    >
      {options.map((place, index) => (
        <li
          key={place.id}
          id={`${id}-option-${index}`}
          role="option"
          aria-selected={index === active}
          className={`cursor-pointer rounded-field px-3 py-2 font-normal ${index === active ? 'bg-primary text-primary-content' : 'hover:bg-base-200'}`}
          // mousedown, not click: the box would lose focus (and close the list) before a click lands.
          onMouseDown={(event) => {
            event.preventDefault()
            onChoose(place)
          }}
        >
          {placeLabel(place)}
          {place.alias && <span className="opacity-80"> ({place.alias})</span>}
        </li>
      ))}
    </ul>
  )
}
