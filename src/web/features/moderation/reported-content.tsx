import type { QueueEntry } from '#shared/moderation.ts'

const HIDDEN: Record<string, string> = {
  reports: 'Hidden: three people reported it',
  moderator: 'Hidden by a moderator',
  suspended: 'Hidden: its owner is suspended',
}

/**
 * The reported thing as the moderator needs to judge it: the listing with its photos, the room-wanted ad with its
 * text and areas, the person, the message in its conversation, a reference or a review with its ratings.
 */
export function ReportedContent({ target }: { target: NonNullable<QueueEntry['target']> }) {
  if (target.kind === 'listing')
    return (
      <div className="flex flex-col gap-2">
        <p>
          <span className="font-semibold">{target.title}</span> · {target.location} · {target.rent} a month ·{' '}
          {target.availability}
        </p>
        <p className="text-sm">
          Posted by {target.owner.name}
          {target.owner.suspended && ' (suspended)'}
        </p>
        {target.hiddenReason && <p className="badge badge-warning">{HIDDEN[target.hiddenReason]}</p>}
        <p className="line-clamp-4 text-sm whitespace-pre-line">{target.description}</p>
        {target.photos.length > 0 && (
          <ul className="flex flex-wrap gap-2" aria-label="Its photos">
            {target.photos.map((photo, index) => (
              <li key={photo.url}>
                <img
                  src={photo.url}
                  width={photo.width}
                  height={photo.height}
                  alt={`Photo ${index + 1} of the listing`}
                  className="h-24 w-auto rounded-box object-cover"
                  loading="lazy"
                />
              </li>
            ))}
          </ul>
        )}
      </div>
    )
  if (target.kind === 'seeker_ad')
    return (
      <div className="flex flex-col gap-2">
        <p>
          <span className="font-semibold">{target.headline}</span> · budget {target.budget} a month
          {target.status === 'paused' && ' · paused'}
        </p>
        <p className="text-sm">
          Looking in {target.areas.map((area) => `${area.name} (within ${area.radiusKm} km)`).join(', ')}
        </p>
        <p className="text-sm">
          Written by {target.owner.name}
          {target.owner.suspended && ' (suspended)'}
        </p>
        {target.hiddenReason && <p className="badge badge-warning">{HIDDEN[target.hiddenReason]}</p>}
        {target.about && <p className="line-clamp-4 text-sm whitespace-pre-line">{target.about}</p>}
      </div>
    )
  if (target.kind === 'user')
    return (
      <p>
        <span className="font-semibold">{target.name}</span> · {target.email} · joined{' '}
        {new Date(target.createdAt).toLocaleDateString('en-US')}
        {target.suspended && ' · suspended'}
      </p>
    )
  if (target.kind === 'reference' || target.kind === 'review')
    return (
      <div className="flex flex-col gap-2">
        <p className="text-sm">
          {target.kind === 'reference'
            ? `By ${target.refereeName} (confirmed by e-mail)`
            : `By ${target.author.name}`}{' '}
          about {target.subject.name} · tidy {target.tidy}, pays on time {target.bills}, considerate{' '}
          {target.considerate}, communication {target.communication}
        </p>
        {target.hidden && <p className="badge badge-warning">Hidden by a moderator</p>}
        {target.text && <p className="line-clamp-6 text-sm whitespace-pre-line">{target.text}</p>}
        {target.kind === 'review' && target.reply && (
          <p className="text-sm whitespace-pre-line">Their reply: {target.reply}</p>
        )}
      </div>
    )
  return (
    <div>
      <p className="text-sm">
        Sent by {target.sender.name}
        {target.sender.suspended && ' (suspended)'}
        {target.sender.deleted && ', kept for the moderators after the account was deleted'}; the conversation
        around it:
      </p>
      <ol className="mt-2 flex flex-col gap-1 text-sm">
        {target.around.map((message) => (
          <li
            key={message.id}
            className={message.isReported ? 'rounded-box border-2 border-error p-2' : 'p-2'}
            aria-current={message.isReported ? 'true' : undefined}
          >
            <span className="font-semibold">{message.sender}:</span> {message.body}
            {message.isReported && <span className="ml-2 badge badge-error">Reported</span>}
          </li>
        ))}
      </ol>
    </div>
  )
}
