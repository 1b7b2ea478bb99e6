import { Form, useNavigation } from 'react-router'
import { QUESTIONS, type LivingProfile } from '#shared/living-profile.ts'
import { InterestsFieldset } from './interests-fieldset.tsx'
import type { ProfileErrors } from './parse-living-profile-form.ts'
import { QuestionFieldset } from './question-fieldset.tsx'

type LivingProfileFormProps = { profile: LivingProfile | null; errors?: ProfileErrors }

/** The questionnaire: every question may be skipped; the saved answers fill it in again. */
export function LivingProfileForm({ profile, errors = {} }: LivingProfileFormProps) {
  const navigation = useNavigation()
  const isSaving = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'save'
  return (
    <Form method="post" noValidate className="flex flex-col gap-4">
      {errors.form && (
        <p role="alert" className="alert alert-error">
          {errors.form}
        </p>
      )}
      {QUESTIONS.map((question) => (
        <QuestionFieldset
          key={question.id}
          question={question}
          saved={profile?.answers[question.id]}
          error={errors[question.id]}
        />
      ))}
      <InterestsFieldset saved={profile?.interests ?? []} error={errors.interests} />
      <div className="sticky bottom-0 z-10 -mx-1 flex flex-col gap-2 bg-base-200/95 px-1 py-3">
        {/* Where the person pressed Save: a change refused for today says when it can be made. */}
        {errors.save && (
          <p role="alert" className="alert alert-warning text-sm">
            {errors.save}
          </p>
        )}
        {/* aria-disabled, not disabled, while saving: the focus stays on the button. */}
        <button
          type="submit"
          name="intent"
          value="save"
          className="btn btn-primary self-start"
          aria-disabled={isSaving || undefined}
          onClick={(event) => {
            if (isSaving) event.preventDefault()
          }}
        >
          {isSaving ? 'Saving…' : 'Save living profile'}
        </button>
      </div>
    </Form>
  )
}
