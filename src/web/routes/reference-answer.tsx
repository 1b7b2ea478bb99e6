import { Form, useActionData, useLoaderData, useNavigation } from 'react-router'
import type { ActionFunctionArgs, LoaderFunctionArgs } from 'react-router'
import {
  RATINGS,
  RELATIONSHIPS,
  RELATIONSHIP_WORDS,
  REFERENCE_LIMITS,
  type ReferenceAnswer,
} from '#shared/references.ts'
import { PageTitle } from '../components/page-title.tsx'
import { RatingFields } from '../components/rating-fields.tsx'
import { RouteErrorBoundary } from '../components/route-error.tsx'
import { ApiRequestError } from '../lib/api.ts'
import { getReferenceAsk, sendReference } from '../features/references/api.ts'

// The referee's page: opened from the mail a person asked Nestmate to send, with no account. It shows only the
// requester's name and what is asked; the answer is sent once (the link then says it was used).

export async function loader({ request, params }: LoaderFunctionArgs) {
  return getReferenceAsk(params.id ?? '', request.signal)
}

export async function action({ request, params }: ActionFunctionArgs) {
  const form = await request.formData()
  const text = (name: string) => String(form.get(name) ?? '')
  const answer = {
    relationship: text('relationship'),
    from: text('from'),
    to: text('to'),
    ...Object.fromEntries(RATINGS.map((key) => [key, Number(text(key))])),
    text: text('text'),
  } as ReferenceAnswer
  try {
    return { done: (await sendReference(params.id ?? '', answer)).message, error: null }
  } catch (error) {
    return { done: null, error: error instanceof ApiRequestError ? error.message : 'That did not work.' }
  }
}

const thisMonth = () => new Date().toISOString().slice(0, 7)

export function Component() {
  const found = useLoaderData<typeof loader>()
  const result = useActionData<typeof action>()
  const sending = useNavigation().state !== 'idle'
  return (
    <section className="mx-auto flex max-w-xl flex-col gap-4 px-4 py-12">
      <PageTitle title="Write a reference" />
      <h1 className="text-3xl font-bold">Write a reference</h1>
      {/* Sent: the loader, read again after the action, now finds the link used; the thanks come first. */}
      {result?.done ? (
        <p role="status">{result.done}</p>
      ) : 'gone' in found ? (
        <p role="alert">
          {found.gone === 'used'
            ? 'This link has been used already, or it has expired: each link takes one reference, within 14 days.'
            : 'This link is not valid. Check that the whole address from the e-mail was opened.'}
        </p>
      ) : (
        <Form method="post" className="flex flex-col gap-4">
          <p>
            <strong className="wrap-anywhere">{found.ask.requesterName}</strong> asked you for a reference on
            Nestmate, a site where people find rooms and flatmates. What you write is shown on their profile
            with your name as you type it; your e-mail address is never shown.
          </p>
          <div className="flex flex-col gap-1">
            <label htmlFor="reference-relationship" className="font-semibold">
              How do you know them?
            </label>
            <select
              id="reference-relationship"
              name="relationship"
              defaultValue={found.ask.relationship}
              className="select w-full"
            >
              {RELATIONSHIPS.map((value) => (
                <option key={value} value={value}>
                  {RELATIONSHIP_WORDS[value]}
                </option>
              ))}
            </select>
          </div>
          <fieldset className="flex flex-wrap gap-4">
            <legend className="mb-1 font-semibold">When?</legend>
            <label className="flex flex-col gap-1">
              <span>From</span>
              <input type="month" name="from" required max={thisMonth()} className="input" />
            </label>
            <label className="flex flex-col gap-1">
              <span>To</span>
              <input type="month" name="to" required max={thisMonth()} className="input" />
            </label>
          </fieldset>
          <RatingFields legend="How were they? (1 poor – 5 excellent)" idPrefix="reference" />
          <label className="flex flex-col gap-1">
            <span className="font-semibold">A few words (optional)</span>
            <textarea name="text" maxLength={REFERENCE_LIMITS.text} rows={5} className="textarea w-full" />
          </label>
          {result?.error && (
            <p role="alert" className="text-error">
              {result.error}
            </p>
          )}
          <button type="submit" className="btn btn-primary self-start" disabled={sending}>
            Send the reference
          </button>
        </Form>
      )}
    </section>
  )
}

export const ErrorBoundary = RouteErrorBoundary
