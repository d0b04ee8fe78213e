import { and, eq, inArray, isNull, lte, or } from 'drizzle-orm';
import { SERVER_EVENTS } from '@shared/realtime';
import type { Clock } from '../../clock';
import type { DbOrTx } from '../../db/client';
import { readerProfiles } from '../../db/schema';
import type { Realtime } from '../../realtime/realtime';
import type { SessionTiming } from '../sessions/timing';

/**
 * Online means someone is there to answer. Every process writes, each heartbeat, the time it last
 * saw a connected page of each reader (`seen_at`); an online reader unseen for a billing minute
 * (the tab was closed, the laptop slept, the process died) goes offline for everyone, and comes
 * back only by switching Online again. A reader who never had a page open counts as unseen.
 */
export async function markReadersSeen(db: DbOrTx, readerIds: string[], now: Date) {
  if (readerIds.length === 0) return;
  await db.update(readerProfiles).set({ seenAt: now }).where(inArray(readerProfiles.userId, readerIds));
}

export async function turnAbsentReadersOffline(deps: { db: DbOrTx; clock: Clock; realtime: Realtime; timing: SessionTiming }): Promise<number> {
  const now = new Date(deps.clock.now());
  const unseenSince = new Date(now.getTime() - deps.timing.readerAbsentOfflineMs);
  // One statement: when processes race, each row comes back to exactly one of them.
  const gone = await deps.db
    .update(readerProfiles)
    .set({ isOnline: false, updatedAt: now })
    .where(and(eq(readerProfiles.isOnline, true), or(isNull(readerProfiles.seenAt), lte(readerProfiles.seenAt, unseenSince))))
    .returning({ readerId: readerProfiles.userId });
  for (const { readerId } of gone) deps.realtime.toReaderWatchers(readerId, SERVER_EVENTS.readerStatus, { readerId, isOnline: false });
  return gone.length;
}
