import { Form, useNavigation } from 'react-router'
import { TextField } from '../../components/form/text-field.tsx'
import type { DashboardUser } from './use-dashboard-user.ts'

export type ProfileErrors = Partial<Record<'name' | 'photo', string>>

type ProfileFormProps = { user: DashboardUser; errors?: ProfileErrors }

export function ProfileForm({ user, errors = {} }: ProfileFormProps) {
  const isSaving = useNavigation().state === 'submitting'
  return (
    <Form method="post" noValidate className="flex flex-col gap-4">
      <TextField
        name="name"
        label="Name"
        autoComplete="name"
        isRequired
        defaultValue={user.name}
        error={errors.name}
      />
      <TextField
        name="photo"
        label="Photo URL"
        type="url"
        autoComplete="photo"
        placeholder="https://…"
        defaultValue={user.image ?? ''}
        error={errors.photo}
      />
      <TextField
        name="email"
        label="Email"
        type="email"
        value={user.email}
        readOnly
        hint="Email can't be changed"
        className="bg-base-200"
      />
      <button type="submit" className="btn btn-primary self-start" disabled={isSaving}>
        {isSaving ? 'Saving…' : 'Save Changes'}
      </button>
    </Form>
  )
}
