import { FaArrowLeft } from 'react-icons/fa6'
import { Link, useFetcher } from 'react-router'
import { PATHS } from '#shared/api.ts'
import type { Conversation } from '#shared/conversations.ts'
import { confirmDanger } from '../../components/popup.ts'
import { ReportButton } from '../../components/report-button.tsx'
import { PersonLink, ReplyStatsLine } from '../../components/reply-stats.tsx'
import { REMOVED_SUBJECT, subjectPath } from './about-subject.ts'
import { DeclineForm } from './decline-form.tsx'
import { MoveInPanel } from './move-in-panel.tsx'
import { enquiryWords } from './enquiry-words.ts'
import { Avatar, DELETED_ACCOUNT } from './avatar.tsx'
import { TrustBadges } from '../people/trust-badges.tsx'

/** Who the conversation is with, about which room or ad, and Block or Unblock. */
export function ConversationHeader({ conversation }: { conversation: Conversation }) {
  const fetcher = useFetcher({ key: 'block' })
  const name = conversation.other?.name ?? DELETED_ACCOUNT
  const isBusy = fetcher.state !== 'idle'
  const state = enquiryWords(conversation, conversation.about?.kind)

  async function block() {
    const confirmed = await confirmDanger(
      `Block ${name}?`,
      'Neither of you will be able to send messages in this conversation or start a new one. You can unblock them later.',
      'Block',
    )
    if (confirmed) await fetcher.submit({ intent: 'block' }, { method: 'post' })
  }

  return (
    <header className="flex flex-col gap-3 border-b border-base-300 pb-4">
      <Link to={PATHS.inbox} className="link flex w-fit items-center gap-2 text-sm">
        <FaArrowLeft aria-hidden="true" /> All messages
      </Link>
      <div className="flex flex-wrap items-center gap-3">
        <Avatar photo={conversation.other?.photo ?? null} />
        <div className="min-w-0 flex-1">
          <h1 className="truncate text-2xl font-bold">
            {conversation.other ? <PersonLink id={conversation.other.id} name={name} /> : name}
          </h1>
          {conversation.other && (
            <>
              <ReplyStatsLine stats={conversation.other} />
              <TrustBadges trust={conversation.other} label={`About ${name}`} className="my-1" />
            </>
          )}
          <p className="truncate text-sm text-base-content/80">
            {conversation.about ? (
              <>
                About{' '}
                {conversation.about.id === null ? (
                  `“${conversation.about.title}”, since deleted`
                ) : (
                  <Link
                    to={subjectPath({ ...conversation.about, id: conversation.about.id })}
                    className="link"
                  >
                    {conversation.about.title}
                  </Link>
                )}
              </>
            ) : (
              REMOVED_SUBJECT
            )}
          </p>
          {state && (
            <p className="text-sm font-semibold">
              {conversation.startedByMe ? `Your enquiry: ${state}` : state}
            </p>
          )}
        </div>
        {conversation.other &&
          (conversation.blockedByMe ? (
            <button
              type="button"
              className="btn btn-outline btn-sm"
              disabled={isBusy}
              onClick={() => void fetcher.submit({ intent: 'unblock' }, { method: 'post' })}
            >
              Unblock
            </button>
          ) : (
            <button
              type="button"
              className="btn btn-outline btn-error btn-sm"
              disabled={isBusy}
              onClick={() => void block()}
            >
              Block
            </button>
          ))}
      </div>
      {conversation.other && !conversation.startedByMe && conversation.state !== 'declined' && (
        <DeclineForm />
      )}
      {conversation.other && <MoveInPanel conversation={conversation} name={name} />}
      {conversation.other && (
        <div className="flex flex-col items-start gap-1 text-sm">
          <ReportButton
            targetKind="user"
            via={{ kind: 'conversation', id: conversation.id }}
            label={`Report ${name}`}
          />
        </div>
      )}
    </header>
  )
}
