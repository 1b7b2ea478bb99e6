import { PATHS } from '#shared/api.ts'
import type { About } from '#shared/conversations.ts'

/** What a conversation is about, as the inbox and its header say it; a removed subject has no kind left. */
export const REMOVED_SUBJECT = 'About a listing or ad that was removed'

/** Where the subject's details are: a listing's page, or a room-wanted ad's. */
export const subjectPath = (about: NonNullable<About> & { id: string }) =>
  about.kind === 'listing' ? PATHS.dashboardDetails(about.id) : PATHS.seekerAd(about.id)
