import { eq } from 'drizzle-orm';
import { liveStreams, readerProfiles } from '../../db/schema';
import type { Log } from '../../realtime/client-events';
import type { LiveDeps } from './deps';

/**
 * Tells the followers (through `onStreamLive`) that a stream went live; called after the go-live
 * committed. The stream is live whatever happens here, so a failure is logged, never thrown.
 */
export async function announceLive(
  deps: Pick<LiveDeps, 'db' | 'onStreamLive'>,
  streamId: string,
  log: Log,
): Promise<void> {
  try {
    const [row] = await deps.db
      .select({
        readerId: liveStreams.readerId,
        title: liveStreams.title,
        firstName: readerProfiles.firstName,
        lastName: readerProfiles.lastName,
      })
      .from(liveStreams)
      .innerJoin(readerProfiles, eq(readerProfiles.userId, liveStreams.readerId))
      .where(eq(liveStreams.id, streamId));
    if (!row) return;
    await deps.onStreamLive({
      streamId,
      readerId: row.readerId,
      readerName: `${row.firstName} ${row.lastName}`,
      title: row.title,
    });
  } catch (error) {
    log.error({ err: error, streamId }, 'announcing a live stream failed');
  }
}
