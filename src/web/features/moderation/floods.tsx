import type { Queue } from '#shared/moderation.ts'

/** The mailboxes that sent many reports in the last day, one line each whatever accounts they used. */
export function Floods({ floods }: { floods: Queue['floods'] }) {
  if (floods.length === 0) return null
  return (
    <section aria-labelledby="floods-heading" className="rounded-box border border-warning p-4">
      <h2 id="floods-heading" className="text-xl font-semibold">
        Many reports from one person
      </h2>
      <p className="text-base-content/80">
        Open reports of the last day by address; their reports are among those below.
      </p>
      <ul className="mt-2 list-disc pl-6">
        {floods.map((flood) => (
          <li key={flood.mailbox}>
            {flood.mailbox}: {flood.openReports} reports, from{' '}
            {flood.accounts
              .map((account) => `${account.name}${account.verified ? '' : ' (unverified)'}`)
              .join(', ')}
          </li>
        ))}
      </ul>
    </section>
  )
}
