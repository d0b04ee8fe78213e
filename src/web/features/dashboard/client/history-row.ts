import type { ReadingSession } from '@shared/sessions';

/** The server sets `ratableUntil` only while a rating is allowed; past it, the button would only earn a refusal. */
export function canRateNow(session: Pick<ReadingSession, 'ratableUntil' | 'rating'>, now: Date = new Date()): boolean {
  return session.rating === null && session.ratableUntil !== null && Date.parse(session.ratableUntil) > now.getTime();
}

/** The date a row shows: when the reading started, or when it was asked for if it never did. */
export function sessionDate(session: Pick<ReadingSession, 'startedAt' | 'requestedAt'>): string {
  return session.startedAt ?? session.requestedAt;
}
