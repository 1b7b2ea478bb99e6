import { useLoaderData } from 'react-router'
import { API } from '#shared/api.ts'
import { PageTitle } from '../components/page-title.tsx'
import { RouteErrorBoundary } from '../components/route-error.tsx'
import { fetchDocument, operationsByTag } from '../features/api-docs/api.ts'
import { OperationCard } from '../features/api-docs/operation-card.tsx'

// The API reference for people: Nestmate's own renderer of /api/openapi.json, a chunk of its own that only
// this page loads (docs/decisions/033-openapi.md).

export async function loader() {
  return fetchDocument()
}

export function Component() {
  const document = useLoaderData<typeof loader>()
  const groups = operationsByTag(document)
  return (
    <>
      <PageTitle title="API reference" />
      <div className="mx-auto max-w-5xl px-4 py-10">
        <h1 className="text-3xl font-bold">{document.info.title}</h1>
        {document.info.description && <p className="mt-3 max-w-3xl">{document.info.description}</p>}
        <p className="mt-3">
          The machine-readable document (OpenAPI 3.1):{' '}
          <a className="link link-primary" href={API.openapi}>
            {API.openapi}
          </a>
        </p>
        <nav aria-labelledby="api-contents" className="mt-6">
          <h2 id="api-contents" className="text-lg font-semibold">
            Contents
          </h2>
          <ul className="mt-2 flex flex-wrap gap-2">
            {groups.map(([tag, entries]) => (
              <li key={tag}>
                <a className="btn btn-sm btn-outline" href={`#tag-${tag}`}>
                  {tag} ({entries.length})
                </a>
              </li>
            ))}
          </ul>
        </nav>
        {groups.map(([tag, entries]) => (
          <section key={tag} aria-labelledby={`tag-${tag}`} className="mt-8">
            <h2 id={`tag-${tag}`} className="mb-3 text-2xl font-bold">
              {tag}
            </h2>
            <div className="space-y-2">
              {entries.map((entry) => (
                <OperationCard key={`${entry.method} ${entry.path}`} document={document} entry={entry} />
              ))}
            </div>
          </section>
        ))}
      </div>
    </>
  )
}

export const ErrorBoundary = RouteErrorBoundary
