import { and, asc, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { LiveCategory, LiveStream } from '@shared/live';
import type { DbOrTx } from '../../db/client';
import { liveStreams } from '../../db/schema';
import { isListedReader } from '../readers';
import { selectStreams, toLiveStream } from './stream-view';

/** A public list is a page, not a dump: more than this many streams at once would not fit the page either. */
export const STREAM_LIST_LIMIT = 100;

/**
 * A scheduled stream whose reader has not started it this long after its time drops out of the
 * public list: it stays the reader's to start or cancel, but visitors are not promised it
 * (docs/decisions/023).
 */
export const SCHEDULED_GRACE_MS = 60 * 60_000;

/** GET /api/live/streams: live ones newest first, scheduled ones soonest first; ended never. */
export async function listStreams(
  db: DbOrTx,
  query: { status: 'live' | 'scheduled'; category?: LiveCategory },
  viewerId: string | null,
  now: Date,
): Promise<LiveStream[]> {
  const byCategory = query.category ? eq(liveStreams.category, query.category) : undefined;
  const base = selectStreams(db, viewerId);
  const rows =
    query.status === 'live'
      ? await base
          .where(and(eq(liveStreams.status, 'live'), byCategory, isListedReader))
          .orderBy(desc(liveStreams.startedAt), asc(liveStreams.id))
          .limit(STREAM_LIST_LIMIT)
      : await base
          .where(
            and(
              eq(liveStreams.status, 'scheduled'),
              gte(liveStreams.scheduledFor, new Date(now.getTime() - SCHEDULED_GRACE_MS)),
              byCategory,
              isListedReader,
            ),
          )
          .orderBy(asc(liveStreams.scheduledFor), asc(liveStreams.id))
          .limit(STREAM_LIST_LIMIT);
  return rows.map(toLiveStream);
}

/** GET /api/live/streams/mine: the reader's live stream first, then their scheduled ones soonest first. */
export async function listMyStreams(db: DbOrTx, readerId: string): Promise<LiveStream[]> {
  const rows = await selectStreams(db, readerId)
    .where(and(eq(liveStreams.readerId, readerId), inArray(liveStreams.status, ['live', 'scheduled'])))
    .orderBy(sql`${liveStreams.status} = 'live' desc`, asc(liveStreams.scheduledFor), asc(liveStreams.id))
    .limit(STREAM_LIST_LIMIT);
  return rows.map(toLiveStream);
}
