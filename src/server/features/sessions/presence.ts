import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { readingSessions } from '../../db/schema';
import type { ParticipantRole } from './access';
import type { SessionTiming } from './timing';

/**
 * Presence lives in the session row, written by heartbeats from whichever process holds the
 * participant's socket, so any process (or one restarted) can tell whether a side is connected:
 * present while the last heartbeat is younger than presenceTtlMs. Leaving sets the heartbeat one
 * TTL in the past, so the side is absent at once and "absent since" reads as the moment it left.
 */
export function isPresent(seenAt: Date | null, now: Date, timing: SessionTiming): boolean {
  return seenAt !== null && seenAt.getTime() > now.getTime() - timing.presenceTtlMs;
}

/** When the side stopped being present (for the disconnect grace), or null while present. */
export function absentSince(seenAt: Date | null, now: Date, timing: SessionTiming): Date | null {
  if (isPresent(seenAt, now, timing)) return null;
  return seenAt ? new Date(seenAt.getTime() + timing.presenceTtlMs) : null;
}

/** The sides of a reading that are away at `now`. */
export function awaySides(session: { clientSeenAt: Date | null; readerSeenAt: Date | null }, now: Date, timing: SessionTiming): ParticipantRole[] {
  const away: ParticipantRole[] = [];
  if (!isPresent(session.clientSeenAt, now, timing)) away.push('client');
  if (!isPresent(session.readerSeenAt, now, timing)) away.push('reader');
  return away;
}

const seenColumn = (role: ParticipantRole) => (role === 'client' ? 'clientSeenAt' : 'readerSeenAt');

export async function markSeen(db: DbOrTx, sessionIds: string[], role: ParticipantRole, now: Date) {
  if (sessionIds.length === 0) return;
  await db
    .update(readingSessions)
    .set({ [seenColumn(role)]: now })
    .where(and(inArray(readingSessions.id, sessionIds), inArray(readingSessions.status, ['accepted', 'active'])));
}

export async function markLeft(db: DbOrTx, sessionId: string, role: ParticipantRole, now: Date, timing: SessionTiming) {
  await db
    .update(readingSessions)
    .set({ [seenColumn(role)]: new Date(now.getTime() - timing.presenceTtlMs) })
    .where(and(eq(readingSessions.id, sessionId), inArray(readingSessions.status, ['accepted', 'active'])));
}
