import { and, eq, isNull, lte, or, sql } from 'drizzle-orm';
import { SERVER_EVENTS } from '@shared/realtime';
import type { Clock } from '../../clock';
import type { DbOrTx } from '../../db/client';
import { readerProfiles } from '../../db/schema';
import type { SessionTiming } from '../../timing';
import type { Realtime } from '../realtime';
import { leaseExists } from './node-lease';

/**
 * Online means someone is there to answer. A reader's page connecting marks them held by its app
 * process (`node_id`), seen for as long as that process beats (node-lease.ts); their last
 * page on it closing clears the hold and notes the time (`seen_at`), as does the sweep of a
 * process that stopped beating. An online reader unseen for a billing minute (the tab was closed,
 * the laptop slept, the process died) goes offline for everyone, and comes back only by switching
 * Online again. A reader who never had a page open counts as unseen.
 */
export async function markReadersSeen(
  db: DbOrTx,
  readerIds: string[],
  now: Date,
  { nodeId = null, onlyUnheld = false }: { nodeId?: string | null; onlyUnheld?: boolean } = {},
) {
  if (readerIds.length === 0) return;
  await db
    .update(readerProfiles)
    .set({ seenAt: now, nodeId })
    .where(
      and(
        sql`${readerProfiles.userId} = any(${sql.param(readerIds)}::text[])`,
        onlyUnheld ? isNull(readerProfiles.nodeId) : undefined,
        nodeId === null ? undefined : leaseExists(nodeId),
      ),
    );
}

/** The reader's last page on `nodeId`'s process closed: unseen from now, unless another process holds a page. */
export async function markReaderPagesClosed(db: DbOrTx, readerId: string, now: Date, nodeId: string) {
  await db
    .update(readerProfiles)
    .set({ seenAt: now, nodeId: null })
    .where(and(eq(readerProfiles.userId, readerId), eq(readerProfiles.nodeId, nodeId)));
}

export async function turnAbsentReadersOffline(deps: {
  db: DbOrTx;
  clock: Clock;
  realtime: Realtime;
  timing: SessionTiming;
}): Promise<number> {
  const now = new Date(deps.clock.now());
  const unseenSince = new Date(now.getTime() - deps.timing.readerAbsentOfflineMs);
  // One statement: when processes race, each row comes back to exactly one of them.
  const gone = await deps.db
    .update(readerProfiles)
    .set({ isOnline: false, updatedAt: now })
    .where(
      and(
        eq(readerProfiles.isOnline, true),
        isNull(readerProfiles.nodeId),
        or(isNull(readerProfiles.seenAt), lte(readerProfiles.seenAt, unseenSince)),
      ),
    )
    .returning({ readerId: readerProfiles.userId });
  for (const { readerId } of gone)
    deps.realtime.toReaderWatchers(readerId, SERVER_EVENTS.readerStatus, { readerId, isOnline: false });
  return gone.length;
}
