import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { liveStreams, readerProfiles } from '../../db/schema';
import { isListedReader } from '../readers';
import { viewerColumns } from './stream-view';

/**
 * What a join reads afresh for its viewer, in one indexed query: the stream's status (never from a
 * kept copy: an end on any process must refuse the next join) and the viewer's own fields, the
 * admission of a priced stream among them. Null for an unknown stream or a suspended reader's.
 */
export async function readViewerAccess(db: DbOrTx, streamId: string, viewerId: string) {
  const [row] = await db
    .select({ status: liveStreams.status, readerId: liveStreams.readerId, ...viewerColumns(viewerId) })
    .from(liveStreams)
    .innerJoin(readerProfiles, eq(readerProfiles.userId, liveStreams.readerId))
    .where(and(eq(liveStreams.id, streamId), isListedReader));
  return row ?? null;
}
