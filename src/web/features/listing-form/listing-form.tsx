import { useEffect, useRef, useState, type FormEvent, type ReactNode, type RefObject } from 'react'
import { Form, useNavigation } from 'react-router'
import { AVAILABILITIES, LIMITS, LISTING_FACTS, ROOM_TYPES, type Listing } from '#shared/listing.ts'
import { FactFields } from '../../components/facts/fact-fields.tsx'
import { currencyName } from '#shared/format.ts'
import { describedBy, Field } from '../../components/form/field.tsx'
import { roundPin } from '#shared/place-values.ts'
import { PlaceCombobox, type ChosenPlace } from '../places/place-combobox.tsx'
import { PinField } from './pin-field.tsx'
import {
  fieldError,
  LISTING_FIELDS,
  type ListingField,
  type ListingFieldErrors,
} from './parse-listing-form.ts'

export type ListingFormDefaults = Partial<Pick<Listing, ListingField | 'placeName'>>

type ListingFormProps = {
  owner: { name: string; email: string }
  defaults?: ListingFormDefaults
  errors?: ListingFieldErrors
  submitLabel: string
  pendingLabel: string
  /** The photos part (features/listing-photos), shown above the submit button. */
  photos?: ReactNode
  /** Photos are still on their way: saving now would leave the page before they arrive. */
  isUploading?: boolean
  /** The site's one currency (CURRENCY), which every rent is in. */
  currency: string
}

const pointOf = (place: ChosenPlace) =>
  place.lat === undefined || place.lon === undefined ? null : { lat: place.lat, lon: place.lon }

/**
 * A saved listing's place, and its pin if it has one. A pin is stored on the pin grid (roundPin) and a place's own
 * point, GeoNames' coordinates, practically never lies on it: a point on the grid is a pin.
 */
function savedPlace({ placeId, placeName, lat, lon }: ListingFormDefaults) {
  if (!placeId || !placeName) return { place: null, pin: null }
  if (lat === null || lat === undefined || lon === null || lon === undefined)
    return { place: { id: placeId, label: placeName }, pin: null }
  const point = { lat, lon }
  const rounded = roundPin(point)
  const isPin = rounded.lat === lat && rounded.lon === lon
  return isPin
    ? { place: { id: placeId, label: placeName }, pin: point }
    : { place: { id: placeId, label: placeName, lat, lon }, pin: null }
}

/** The add and update forms: the same fields, posted to the route's action. */
export function ListingForm({
  owner,
  defaults = {},
  errors: reported,
  submitLabel,
  pendingLabel,
  photos,
  isUploading = false,
  currency,
}: ListingFormProps) {
  const isSubmitting = useNavigation().state === 'submitting'
  const formRef = useRef<HTMLFormElement>(null)
  const { errors, recheck, control } = useFieldErrors(reported, formRef)
  const [descriptionLength, setDescriptionLength] = useState(defaults.description?.length ?? 0)
  const onChange = (event: FormEvent<HTMLFormElement>) => {
    const { name, value } = event.target as HTMLInputElement
    if (name === 'description') setDescriptionLength(value.length)
    recheck(name, value)
  }
  const contactHint =
    'A web page people can visit, such as your Facebook page. Your e-mail address and the phone number below are shown to the people who like your listing.'
  const rentHint = `A whole number, in ${currencyName(currency)}: every rent on this site is in this currency.`

  return (
    <Form ref={formRef} method="post" noValidate className="grid gap-5 md:grid-cols-2" onChange={onChange}>
      <Field id="title" label="Title" isRequired error={errors.title} className="md:col-span-2">
        <input
          {...control('title', 'input')}
          required
          maxLength={LIMITS.title}
          defaultValue={defaults.title}
        />
      </Field>
      <Field id="location" label="Location" isRequired error={errors.location}>
        <input
          {...control('location', 'input')}
          required
          maxLength={LIMITS.location}
          defaultValue={defaults.location}
          placeholder="e.g. Near the university, Fitzroy"
        />
      </Field>
      <PlaceFields defaults={defaults} error={errors.placeId} />
      <Field id="rent" label={`Rent per month (${currency})`} isRequired error={errors.rent} hint={rentHint}>
        <input
          {...control('rent', 'input', rentHint)}
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          required
          defaultValue={defaults.rent}
        />
      </Field>
      <Field id="roomType" label="Room type" isRequired error={errors.roomType}>
        <select {...control('roomType', 'select')} required defaultValue={defaults.roomType ?? ''}>
          <option value="" disabled>
            Choose a room type
          </option>
          {ROOM_TYPES.map((type) => (
            <option key={type}>{type}</option>
          ))}
        </select>
      </Field>
      <Field id="lifestyle" label="Lifestyle preferences" error={errors.lifestyle} className="md:col-span-2">
        <input
          {...control('lifestyle', 'input')}
          maxLength={LIMITS.lifestyle}
          placeholder="e.g. Early riser, non-smoker, likes pets"
          defaultValue={defaults.lifestyle}
        />
      </Field>
      <Field
        id="description"
        label="Description"
        error={errors.description}
        hint={descriptionHint(descriptionLength)}
        className="md:col-span-2"
      >
        <textarea
          {...control('description', 'textarea', descriptionHint(descriptionLength))}
          rows={4}
          maxLength={LIMITS.description}
          defaultValue={defaults.description}
        />
      </Field>
      <Field id="contact" label="Contact info" isRequired error={errors.contact} hint={contactHint}>
        <input
          {...control('contact', 'input', contactHint)}
          required
          maxLength={LIMITS.contact}
          inputMode="url"
          placeholder="facebook.com/your.page"
          defaultValue={defaults.contact}
        />
      </Field>
      <Field id="number" label="Phone number" error={errors.number}>
        <input
          {...control('number', 'input')}
          type="tel"
          autoComplete="tel"
          maxLength={LIMITS.number}
          defaultValue={defaults.number}
        />
      </Field>
      <Field id="availability" label="Availability" error={errors.availability}>
        <select {...control('availability', 'select')} defaultValue={defaults.availability ?? 'Available'}>
          {AVAILABILITIES.map((value) => (
            <option key={value}>{value}</option>
          ))}
        </select>
      </Field>
      <FactFields
        table={LISTING_FACTS}
        legend="The household (optional)"
        defaults={defaults}
        errors={errors}
        control={control}
      />
      <Field id="owner-name" label="Your name">
        <input id="owner-name" className="input w-full" value={owner.name} readOnly />
      </Field>
      <Field id="owner-email" label="Your email">
        <input id="owner-email" type="email" className="input w-full" value={owner.email} readOnly />
      </Field>
      {photos}
      <div className="md:col-span-2">
        <button
          type="submit"
          className="btn btn-primary w-full md:w-auto"
          disabled={isSubmitting || isUploading}
        >
          {isSubmitting ? pendingLabel : isUploading ? 'Uploading photos…' : submitLabel}
        </button>
      </div>
    </Form>
  )
}

/**
 * The fields' errors: those the action reported (taken again whenever it reports), each checked again as its field
 * changes, and the props that mark a control with its error. After a refused submit, the first field that needs
 * fixing has the focus.
 */
function useFieldErrors(
  reported: ListingFieldErrors | undefined,
  formRef: RefObject<HTMLFormElement | null>,
) {
  const [errors, setErrors] = useState<ListingFieldErrors>(reported ?? {})
  const [lastReported, setLastReported] = useState(reported)
  if (reported !== lastReported) {
    setLastReported(reported)
    setErrors(reported ?? {})
  }

  // A field that was refused is checked again as it changes, so its message goes once the value is fixed
  // (and says what is wrong now, if something else is). Fields without a message are left alone while typed in.
  const recheck = (name: string, value: string) => {
    const field = LISTING_FIELDS.find((key) => key === name)
    if (field && errors[field]) setErrors({ ...errors, [field]: fieldError(field, value) })
  }

  // After a refused submit, take the person to the first field that needs fixing.
  useEffect(() => {
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()
  }, [reported, formRef])
  const control = (name: ListingField, base: string, hint?: string) => ({
    id: name,
    name,
    className: `${base} w-full ${errors[name] ? `${base}-error` : ''}`,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': describedBy(name, errors[name], hint),
  })
  return { errors, recheck, control }
}

/** The town or city (the place box, its hint and error), and the pin within it, which a new place starts afresh. */
function PlaceFields({ defaults, error }: { defaults: ListingFormDefaults; error?: string }) {
  const placeHintId = 'placeId-hint'
  const saved = savedPlace(defaults)
  const [place, setPlace] = useState<ChosenPlace | null>(saved.place)
  return (
    <>
      <div className="flex flex-col gap-1.5">
        <PlaceCombobox
          label="Town or city"
          name="placeId"
          placeholder="Start typing, then choose"
          defaultPlace={
            defaults.placeId && defaults.placeName
              ? { id: defaults.placeId, label: defaults.placeName }
              : null
          }
          describedBy={[placeHintId, error ? 'placeId-error' : ''].filter(Boolean).join(' ')}
          isInvalid={Boolean(error)}
          onChange={setPlace}
        />
        <p id={placeHintId} className="text-xs text-base-content/80">
          People searching near this place will find your room.
        </p>
        {error && (
          <p id="placeId-error" className="text-sm text-red-700 dark:text-red-400">
            {error}
          </p>
        )}
      </div>
      <PinField
        key={place?.id ?? 'none'}
        place={place && { label: place.label, center: pointOf(place) }}
        defaultPin={place?.id === saved.place?.id ? saved.pin : null}
      />
    </>
  )
}

/** Near the limit (the last 10 %), how many characters are left; the field stops taking more at the limit. */
function descriptionHint(length: number): string | undefined {
  if (length < LIMITS.description * 0.9) return undefined
  const left = LIMITS.description - length
  return left === 0
    ? `${LIMITS.description.toLocaleString('en-US')} characters: the description is full.`
    : `${left.toLocaleString('en-US')} of ${LIMITS.description.toLocaleString('en-US')} characters left.`
}
