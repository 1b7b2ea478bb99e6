import { Form, useNavigation } from 'react-router'
import { TextField } from '../../components/form/text-field.tsx'

export const DELETE_INTENT = 'delete-account'

type DeleteAccountSectionProps = { listingCount: number | null; hasPassword: boolean; error?: string }

/** Says exactly what goes before anything does, and asks for the password. */
export function DeleteAccountSection({ listingCount, hasPassword, error }: DeleteAccountSectionProps) {
  const isDeleting = useNavigation().formData?.get('intent') === DELETE_INTENT
  const listings =
    listingCount === null
      ? 'all your listings'
      : `your ${listingCount} listing${listingCount === 1 ? '' : 's'}`
  return (
    <section aria-labelledby="delete-account" className="flex flex-col gap-4">
      <h2 id="delete-account" className="text-xl font-semibold">
        Delete my account
      </h2>
      <div>
        <p>Deleting your account removes, at once and for good:</p>
        <ul className="mt-2 list-disc pl-6">
          <li>
            {listings[0]!.toUpperCase() + listings.slice(1)}, with their photos and the likes others gave
            them;
          </li>
          <li>your living profile: your answers and interests, and the matches they made;</li>
          <li>your likes of other listings (their like counts go down by one);</li>
          <li>your sign-in on every device;</li>
          <li>your account: name, e-mail address, photo and password or Google sign-in.</li>
        </ul>
        <p className="mt-2">
          It can't be undone. Your e-mail address can be used for a new account afterwards.
        </p>
      </div>
      <Form method="post" noValidate className="flex flex-col gap-4">
        <input type="hidden" name="intent" value={DELETE_INTENT} />
        {hasPassword ? (
          <TextField
            name="deletePassword"
            label="Your password"
            type="password"
            autoComplete="current-password"
            isRequired
            error={error}
          />
        ) : (
          error && (
            <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-400">
              {error}
            </p>
          )
        )}
        <button type="submit" className="btn self-start btn-error" disabled={isDeleting}>
          {isDeleting ? 'Deleting…' : 'Delete my account'}
        </button>
      </Form>
    </section>
  )
}
