import { useState } from 'react'
import type { OpenApiDocument, OperationEntry } from './api.ts'
import { SchemaView, summary } from './schema-view.tsx'

const METHOD_STYLE: Record<string, string> = {
  GET: 'badge-info',
  POST: 'badge-success',
  PUT: 'badge-warning',
  PATCH: 'badge-warning',
  DELETE: 'badge-error',
}

/** One operation, folded to its method and path until opened. */
export function OperationCard({ document, entry }: { document: OpenApiDocument; entry: OperationEntry }) {
  const { method, path, operation } = entry
  // Drawn when first opened: the closed list of every operation stays small for the browser and screen readers.
  const [opened, setOpened] = useState(false)
  const parameters = operation.parameters ?? []
  const body = operation.requestBody?.content
  const needsSession = operation.security?.every((requirement) => Object.keys(requirement).length > 0)
  return (
    <details
      id={operation.operationId}
      className="collapse-arrow collapse border border-base-300 bg-base-100"
      onToggle={(event) => event.currentTarget.open && setOpened(true)}
    >
      <summary className="collapse-title flex flex-wrap items-center gap-2 pr-10">
        <span className={`badge font-mono font-bold ${METHOD_STYLE[method] ?? ''}`}>{method}</span>
        <code className="break-all text-sm">{path}</code>
        {needsSession && <span className="badge badge-outline badge-sm">sign-in needed</span>}
      </summary>
      {opened && (
        <div className="collapse-content space-y-4">
          {operation.description && <p>{operation.description}</p>}
          {parameters.length > 0 && (
            <section>
              <h4 className="font-semibold">Parameters</h4>
              <ul className="space-y-1 border-l border-base-300 pl-3">
                {parameters.map((parameter) => (
                  <li key={`${parameter.in}-${parameter.name}`} className="text-sm">
                    <code className="font-semibold">{parameter.name}</code> <span>({parameter.in})</span>
                    {parameter.required ? (
                      <span className="ml-1 badge badge-sm badge-outline">required</span>
                    ) : null}{' '}
                    <span className="wrap-anywhere font-mono text-base-content/80">
                      {parameter.schema ? summary(document, parameter.schema) : ''}
                    </span>
                  </li>
                ))}
              </ul>
            </section>
          )}
          {body && (
            <section>
              <h4 className="font-semibold">Body ({Object.keys(body).join(', ')})</h4>
              {Object.values(body).map((media, index) =>
                media.schema ? <SchemaView key={index} document={document} schema={media.schema} /> : null,
              )}
            </section>
          )}
          <section>
            <h4 className="font-semibold">Answers</h4>
            <dl className="space-y-2">
              {Object.entries(operation.responses).map(([status, response]) => {
                const schema = response.content?.['application/json']?.schema
                return (
                  <div key={status}>
                    <dt className="text-sm">
                      <code className="font-bold">{status}</code> {response.description}
                    </dt>
                    {schema && status.startsWith('2') && (
                      <dd className="mt-1">
                        <SchemaView document={document} schema={schema} />
                      </dd>
                    )}
                  </div>
                )
              })}
            </dl>
            <p className="mt-2 text-sm text-base-content/80">
              Every error answer is <code>{'{ "error": "…" }'}</code>, with <code>issues</code> for invalid
              input.
            </p>
          </section>
        </div>
      )}
    </details>
  )
}
