import { useFetcher, useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router'
import { PageTitle } from '../components/page-title.tsx'
import { RouteErrorBoundary } from '../components/route-error.tsx'
import { ApiRequestError } from '../lib/api.ts'
import { getUnsubscribe, unsubscribe } from '../features/saved-searches/api.ts'

// The visible half of a saved search's one-click unsubscribe (the mail's List-Unsubscribe header is the other):
// opening the link changes nothing, as mail scanners open links; the button turns the search's e-mails off. It
// needs no sign-in: the token in the address names the search.

const tokenOf = (request: Request) => new URL(request.url).searchParams.get('token') ?? ''

export async function loader({ request }: LoaderFunctionArgs) {
  const token = tokenOf(request)
  try {
    return { token, search: await getUnsubscribe(token, request.signal) }
  } catch (error) {
    if (error instanceof ApiRequestError && error.status < 500) return { token, search: null }
    throw error
  }
}

export async function action({ request }: ActionFunctionArgs) {
  const token = String((await request.formData()).get('token') ?? '')
  try {
    return { done: (await unsubscribe(token)).name, error: null }
  } catch (error) {
    return { done: null, error: error instanceof ApiRequestError ? error.message : 'That did not work.' }
  }
}

export function Component() {
  const { token, search } = useLoaderData<typeof loader>()
  const fetcher = useFetcher<typeof action>()
  return (
    <section className="mx-auto flex max-w-xl flex-col gap-4 px-4 py-16">
      <PageTitle title="Stop saved-search e-mails" />
      <h1 className="text-3xl font-bold">Stop e-mails for a saved search</h1>
      {!search ? (
        <p role="alert">This unsubscribe link is not valid, or its search was deleted.</p>
      ) : fetcher.data?.done || search.alert === 'off' ? (
        <p role="status">
          You won’t get e-mails about “{fetcher.data?.done ?? search.name}” any more. The search itself is
          kept.
        </p>
      ) : (
        <fetcher.Form method="post" className="flex flex-col items-start gap-4">
          <p>Stop the e-mails about new rooms for your saved search “{search.name}”?</p>
          <input type="hidden" name="token" value={token} />
          <button type="submit" className="btn btn-primary" disabled={fetcher.state !== 'idle'}>
            Stop these e-mails
          </button>
          {fetcher.data?.error && <p role="alert">{fetcher.data.error}</p>}
        </fetcher.Form>
      )}
    </section>
  )
}

export const ErrorBoundary = RouteErrorBoundary
