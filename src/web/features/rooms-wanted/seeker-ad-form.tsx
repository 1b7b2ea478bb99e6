import { useRef } from 'react'
import { Form, useNavigation } from 'react-router'
import { factNames } from '#shared/fact-table.ts'
import { currencyName } from '#shared/format.ts'
import { ROOM_TYPES } from '#shared/listing-values.ts'
import { SEEKER_AD_FACTS, SEEKER_AD_LIMITS, type SeekerAd } from '#shared/seeker-ad.ts'
import { FactFields } from '../../components/facts/fact-fields.tsx'
import { ErrorSummary, useFocusFirstError } from '../../components/form/error-summary.tsx'
import { describedBy, Field } from '../../components/form/field.tsx'
import { PlaceCombobox } from '../places/place-combobox.tsx'
import type { SeekerAdErrors, SeekerAdField } from './parse-seeker-ad-form.ts'

type SeekerAdFormProps = { ad: SeekerAd | null; errors: SeekerAdErrors; currency: string }

const SLOTS = Array.from({ length: SEEKER_AD_LIMITS.areas }, (_, index) => index)

/** The fields in the form's order, for the summary of errors; each links to its control (the areas to the first). */
const FIELD_ORDER: Exclude<SeekerAdField, 'form'>[] = [
  'headline',
  'budget',
  'roomTypes',
  'areas',
  ...factNames(SEEKER_AD_FACTS),
  'about',
  'status',
]
const controlId = (field: SeekerAdField) => (field === 'areas' ? 'area0-input' : field)

/** The room-wanted ad's form: what one needs, where (up to three places, each with a radius), and one's wishes. */
export function SeekerAdForm({ ad, errors, currency }: SeekerAdFormProps) {
  const navigation = useNavigation()
  const form = useRef<HTMLFormElement>(null)
  const summary = FIELD_ORDER.flatMap((field) => {
    const message = errors[field]
    return message ? [{ id: controlId(field), message }] : []
  })
  useFocusFirstError(form, summary.length > 0 ? errors : null)
  const isSaving = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'save'
  const control = (name: SeekerAdField, base: string) => ({
    id: name,
    name,
    className: `${base} w-full ${errors[name] ? `${base}-error` : ''}`,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': describedBy(name, errors[name]),
  })
  return (
    <Form ref={form} method="post" noValidate className="grid gap-5 md:grid-cols-2">
      <ErrorSummary errors={summary} />
      <Field id="headline" label="Headline" isRequired error={errors.headline} className="md:col-span-2">
        <input
          {...control('headline', 'input')}
          required
          maxLength={SEEKER_AD_LIMITS.headline}
          defaultValue={ad?.headline}
          placeholder="e.g. Quiet nurse looking for a room near the hospital"
        />
      </Field>
      <Field
        id="budget"
        label={`Budget a month, in ${currencyName(currency)}`}
        isRequired
        error={errors.budget}
      >
        <input
          {...control('budget', 'input')}
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          required
          defaultValue={ad?.budget}
        />
      </Field>
      <fieldset
        className="flex flex-col gap-1.5"
        aria-describedby={errors.roomTypes ? 'roomTypes-error' : undefined}
      >
        <legend className="mb-1 text-sm font-medium">Room types</legend>
        <div className="flex flex-wrap gap-4">
          {ROOM_TYPES.map((type, index) => (
            <label key={type} className="flex min-h-11 items-center gap-2">
              <input
                id={index === 0 ? 'roomTypes' : undefined}
                type="checkbox"
                name="roomTypes"
                value={type}
                aria-invalid={errors.roomTypes ? true : undefined}
                className="checkbox"
                defaultChecked={ad ? ad.roomTypes.includes(type) : type === 'Single'}
              />
              {type}
            </label>
          ))}
        </div>
        {errors.roomTypes && (
          <p id="roomTypes-error" className="text-sm text-red-700 dark:text-red-400">
            {errors.roomTypes}
          </p>
        )}
      </fieldset>
      <fieldset
        className="grid gap-4 md:col-span-2"
        aria-describedby={['areas-hint', errors.areas ? 'areas-error' : ''].filter(Boolean).join(' ')}
      >
        <legend className="mb-1 font-semibold">Where you'd live</legend>
        <p id="areas-hint" className="text-sm text-base-content/80">
          Up to three towns or cities, each with how far from it you'd go. Only the town shows on your ad.
        </p>
        {SLOTS.map((index) => {
          const area = ad?.areas[index]
          return (
            <div key={index} className="grid items-end gap-3 sm:grid-cols-[1fr_10rem]">
              <div className="flex flex-col gap-1.5">
                <PlaceCombobox
                  label={`Area ${index + 1}`}
                  name={`area${index}`}
                  inputId={`area${index}-input`}
                  placeholder="Start typing, then choose"
                  defaultPlace={area ? { id: area.placeId, label: area.name } : null}
                  isInvalid={Boolean(errors.areas)}
                />
              </div>
              <Field id={`radius${index}`} label={`Area ${index + 1}: within (km)`}>
                <input
                  id={`radius${index}`}
                  name={`radius${index}`}
                  type="number"
                  inputMode="numeric"
                  min={SEEKER_AD_LIMITS.radiusKm.min}
                  max={SEEKER_AD_LIMITS.radiusKm.max}
                  className="input w-full"
                  defaultValue={area?.radiusKm ?? SEEKER_AD_LIMITS.radiusKm.default}
                />
              </Field>
            </div>
          )
        })}
        {errors.areas && (
          <p id="areas-error" className="text-sm text-red-700 dark:text-red-400">
            {errors.areas}
          </p>
        )}
      </fieldset>
      <FactFields
        table={SEEKER_AD_FACTS}
        legend="When, how long, and your wishes"
        defaults={ad ?? {}}
        errors={errors}
        control={control}
      />
      <Field id="about" label="About you" error={errors.about} className="md:col-span-2">
        <textarea
          {...control('about', 'textarea')}
          rows={5}
          maxLength={SEEKER_AD_LIMITS.about}
          defaultValue={ad?.about}
          placeholder="Your work or studies, your days, what you're like to live with. No phone numbers: people message you on Nestmate."
        />
      </Field>
      <Field id="status" label="Ad status" error={errors.status}>
        <select {...control('status', 'select')} defaultValue={ad?.status ?? 'active'}>
          <option value="active">Active: people can find it</option>
          <option value="paused">Paused: only you can see it</option>
        </select>
      </Field>
      {errors.form && (
        <p role="alert" className="text-red-700 md:col-span-2 dark:text-red-400">
          {errors.form}
        </p>
      )}
      <div className="md:col-span-2">
        <button type="submit" name="intent" value="save" className="btn btn-primary" disabled={isSaving}>
          {isSaving ? 'Saving…' : ad ? 'Save changes' : 'Publish your ad'}
        </button>
      </div>
    </Form>
  )
}
