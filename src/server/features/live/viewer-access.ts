import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { liveStreams, readerProfiles } from '../../db/schema';
import { isListedReader } from '../readers';
import { viewerColumns } from './stream-view';

/**
 * What a join reads afresh for its viewer; never from a kept copy, since an end, a payment or a
 * follow on any process must count at the next join. Both statements are prepared once: a join
 * storm runs them a thousand times, and building their SQL each time was a sixth of a join's CPU.
 */
export function viewerAccessReaders(db: Db) {
  const viewerId = sql.placeholder('viewerId');
  const streamId = sql.placeholder('streamId');
  const { viewerFollowsReader, viewerHasReminder } = viewerColumns(viewerId);
  /** Before the room, when it must be: a priced stream's admission, and whether the stream may be shown at all (its reader not suspended). */
  const admission = db
    .select({ status: liveStreams.status, readerId: liveStreams.readerId, ...viewerColumns(viewerId) })
    .from(liveStreams)
    .innerJoin(readerProfiles, eq(readerProfiles.userId, liveStreams.readerId))
    .where(and(eq(liveStreams.id, streamId), isListedReader))
    .prepare('live_viewer_admission');
  /** Once in the room, on every join: still live, and the viewer's own fields (half the cost of the admission). */
  const inRoom = db
    .select({ status: liveStreams.status, viewerFollowsReader, viewerHasReminder })
    .from(liveStreams)
    .where(eq(liveStreams.id, streamId))
    .prepare('live_viewer_in_room');
  return {
    admission: async (stream: string, viewer: string) =>
      (await admission.execute({ streamId: stream, viewerId: viewer }))[0] ?? null,
    inRoom: async (stream: string, viewer: string) =>
      (await inRoom.execute({ streamId: stream, viewerId: viewer }))[0] ?? null,
  };
}

export type ViewerAdmission = Awaited<ReturnType<ReturnType<typeof viewerAccessReaders>['admission']>>;
