import type { ModerationAction } from '#shared/moderation.ts'
import { KIND } from './queue-entry.tsx'

const DID: Record<ModerationAction['action'], string> = {
  hide: 'hid',
  unhide: 'showed again',
  suspend: 'suspended',
  unsuspend: 'lifted the suspension of',
  dismiss: 'dismissed the reports on',
}

/** A listing or an ad by its title in quotes, a person by name, a message, review or reference by its writer. */
function TargetName({ action: { targetKind, targetName } }: { action: ModerationAction }) {
  if (targetName === null) return <span className="italic">(deleted since)</span>
  if (targetKind === 'user') return targetName
  if (targetKind === 'message') return `from ${targetName}`
  if (targetKind === 'review' || targetKind === 'reference') return `by ${targetName}`
  return `“${targetName}”`
}

/** Every decision, newest first: who, what, on what, why and when. */
export function ActionLog({ actions }: { actions: ModerationAction[] }) {
  return (
    <section aria-labelledby="action-log" className="flex flex-col gap-2">
      <h2 id="action-log" className="text-xl font-bold">
        Action log
      </h2>
      {actions.length === 0 ? (
        <p>No decisions yet.</p>
      ) : (
        // Scrolls sideways on a phone: focusable, so a keyboard can scroll it too.
        <div className="overflow-x-auto" tabIndex={0} role="region" aria-label="Action log, scrolls sideways">
          <table className="table table-sm">
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Who</th>
                <th scope="col">What</th>
                <th scope="col">Why</th>
              </tr>
            </thead>
            <tbody>
              {actions.map((action) => (
                <tr key={action.id}>
                  <td>{new Date(action.createdAt).toLocaleString('en-US')}</td>
                  <td>{action.moderator}</td>
                  <td>
                    {DID[action.action]} {KIND[action.targetKind].toLowerCase()}{' '}
                    <TargetName action={action} />
                  </td>
                  <td>{action.reason}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  )
}
