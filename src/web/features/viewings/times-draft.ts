import type { ViewingTimesAnswer } from '#shared/viewings.ts'

// The editor's rows as the form holds them (text, as typed), and the API's body made from them.

export type WindowDraft = { from: string; to: string; slotMinutes: string; capacity: string; kind: string }
export type RuleDraft = WindowDraft & { key: number; weekday: string }
export type ExceptionDraft = WindowDraft & { key: number; date: string; off: boolean }
export type TimesDraft = {
  timeZone: string
  meetingPoint: string
  videoLink: string
  rules: RuleDraft[]
  exceptions: ExceptionDraft[]
}

export const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']

let nextKey = 1
const NEW_WINDOW: WindowDraft = {
  from: '10:00',
  to: '12:00',
  slotMinutes: '30',
  capacity: '1',
  kind: 'in_person',
}

export const newRule = (): RuleDraft => ({ key: nextKey++, weekday: '6', ...NEW_WINDOW })
export const newException = (date: string): ExceptionDraft => ({
  key: nextKey++,
  date,
  off: true,
  ...NEW_WINDOW,
})

const windowDraft = (w: {
  from: string
  to: string
  slotMinutes: number
  capacity: number
  kind: string
}) => ({
  from: w.from,
  to: w.to,
  slotMinutes: String(w.slotMinutes),
  capacity: String(w.capacity),
  kind: w.kind,
})

/** The saved times as rows; a listing without times starts in the browser's zone with one weekly window. */
export function draftOf(saved: ViewingTimesAnswer, browserZone: string): TimesDraft {
  if (!saved.rules)
    return { timeZone: browserZone, meetingPoint: '', videoLink: '', rules: [newRule()], exceptions: [] }
  return {
    timeZone: saved.timeZone,
    meetingPoint: saved.meetingPoint ?? '',
    videoLink: saved.videoLink ?? '',
    rules: saved.rules.map((rule) => ({
      key: nextKey++,
      weekday: String(rule.weekday),
      ...windowDraft(rule),
    })),
    exceptions: (saved.exceptions ?? []).map((exception) =>
      'off' in exception
        ? { key: nextKey++, date: exception.date, off: true, ...NEW_WINDOW }
        : { key: nextKey++, date: exception.date, off: false, ...windowDraft(exception) },
    ),
  }
}

const number = (text: string) => (text.trim() === '' ? Number.NaN : Number(text))
const windowBody = (w: WindowDraft) => ({
  from: w.from,
  to: w.to,
  slotMinutes: number(w.slotMinutes),
  capacity: number(w.capacity),
  kind: w.kind,
})

/** The PUT body, before the shared schema checks it. */
export const bodyOf = (draft: TimesDraft) => ({
  timeZone: draft.timeZone.trim(),
  meetingPoint: draft.meetingPoint,
  videoLink: draft.videoLink.trim() || null,
  rules: draft.rules.map((rule) => ({ weekday: Number(rule.weekday), ...windowBody(rule) })),
  exceptions: draft.exceptions.map((e) =>
    e.off ? { date: e.date, off: true } : { date: e.date, ...windowBody(e) },
  ),
})

/** A field's id from an issue's path ("rules.0.to" is the field `rules-0-to`). */
export const fieldId = (path: string) => `vt-${path.replaceAll('.', '-')}`
