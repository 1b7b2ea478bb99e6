import {
  LivingProfileInputSchema,
  QUESTIONS,
  type AnswerEntry,
  type LivingProfileInput,
} from '#shared/living-profile.ts'

export type ProfileErrors = Partial<Record<string, string>> & { form?: string }

/**
 * The questionnaire form as the API's input: a question without an answer is left out (skipped), and an answer
 * with nothing ticked under "accept" accepts the person's own answer, as the form's hint says.
 */
export function formToProfile(formData: FormData): LivingProfileInput {
  const answers: NonNullable<LivingProfileInput['answers']> = {}
  for (const question of QUESTIONS) {
    const answer = formData.get(`${question.id}.answer`)
    if (typeof answer !== 'string' || answer === '') continue
    const accepted = formData.getAll(`${question.id}.accepted`).map(String)
    answers[question.id] = {
      answer,
      accepted: accepted.length > 0 ? accepted : [answer],
      // The schema checks it; a forged value is refused there with its message.
      importance: String(
        formData.get(`${question.id}.importance`) ?? 'somewhat',
      ) as AnswerEntry['importance'],
    }
  }
  return { answers, interests: formData.getAll('interests').map(String) as LivingProfileInput['interests'] }
}

/** Checks the form with the API's own schema: one message per question (or for the interests). */
export function parseLivingProfileForm(
  formData: FormData,
): { ok: true; profile: LivingProfileInput } | { ok: false; errors: ProfileErrors } {
  const profile = formToProfile(formData)
  const result = LivingProfileInputSchema.safeParse(profile)
  if (result.success) return { ok: true, profile }
  return { ok: false, errors: issuesToErrors(result.error.issues.map(toIssue)) }
}

const toIssue = (issue: { path: PropertyKey[]; message: string }) => ({
  path: issue.path.map(String).join('.'),
  message: issue.message,
})

/** `answers.bedtime.accepted` → the bedtime question's message; `interests…` → the interests'. */
export function issuesToErrors(issues: readonly { path: string; message: string }[]): ProfileErrors {
  const errors: ProfileErrors = {}
  for (const { path, message } of issues) {
    const [top, question] = path.split('.')
    const key = top === 'answers' && question ? question : top === 'interests' ? 'interests' : 'form'
    errors[key] ??= message
  }
  return errors
}
