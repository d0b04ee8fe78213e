import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../../db/client';
import { liveStreams } from '../../../../db/schema';
import { chooseJanus } from './choose-janus';
import { createStreamRoom, newStreamRoom } from './create-stream-room';
import type { JanusConnection } from './janus-api';
import { isJanusHealthy } from './janus-health';
import type { JanusStreamMedia, StreamJanusRoom } from './janus-stream-media';
import { forgetStreamRoom } from './stream-rooms';

/** How often each node pings each Janus, and how many missed pings in a row take one as failed. */
export const JANUS_CHECK_EVERY_MS = 1000;
export const JANUS_MISSES_TO_FAIL = 2;

export interface MoveStreamsDeps {
  db: Db;
  connections: readonly JanusConnection[];
  media: Pick<JanusStreamMedia, 'streamMoved'>;
  log: FastifyBaseLogger;
  checkEveryMs?: number;
}

/**
 * Moves the live streams of a failed Janus to the one chosen for a new stream (decision 061): each
 * stream's row is switched from its old room to a new one by a statement that only matches the old
 * room, so when several nodes see the same failure each stream moves once; the row names the new
 * room before Janus creates it, as when a stream opens (stream-rooms.ts). The old room stays on the
 * failed Janus: it is not kept across a restart, and the start-up clean-up judges what remains.
 * Returns how many streams this call moved.
 */
export async function moveStreamsOff(deps: MoveStreamsDeps, failed: JanusConnection): Promise<number> {
  const { db, connections, media, log } = deps;
  const rows = await db
    .select({ id: liveStreams.id, room: liveStreams.janusRoom })
    .from(liveStreams)
    .where(and(eq(liveStreams.status, 'live'), eq(liveStreams.janusUrl, failed.url)));
  if (rows.length === 0) return 0;
  const target = await chooseJanus(
    db,
    connections.filter((janus) => janus.url !== failed.url),
  );
  if (!target) {
    log.error(
      { janus: failed.url, streams: rows.length },
      'a Janus failed and no other answers: its streams stay until one does',
    );
    return 0;
  }
  let moved = 0;
  for (const row of rows) {
    if (row.room === null) continue;
    const planned = newStreamRoom();
    const [claimed] = await db
      .update(liveStreams)
      .set({ janusUrl: target.url, janusRoom: planned.room, janusRoomSecret: planned.secret })
      .where(
        and(
          eq(liveStreams.id, row.id),
          eq(liveStreams.status, 'live'),
          eq(liveStreams.janusUrl, failed.url),
          eq(liveStreams.janusRoom, row.room),
        ),
      )
      .returning({ id: liveStreams.id });
    if (!claimed) continue;
    try {
      await createStreamRoom(target, row.id, planned);
    } catch (error) {
      await forgetStreamRoom(db, row.id, planned.room);
      log.error(
        { err: error, streamId: row.id, janus: target.url },
        'moving a stream to another Janus failed: its media stops until its reader goes live again',
      );
      continue;
    }
    const room: StreamJanusRoom = { url: target.url, ...planned };
    media.streamMoved(row.id, room);
    moved++;
  }
  log.warn({ janus: failed.url, to: target.url, moved }, 'a Janus stopped answering: its live streams moved');
  return moved;
}

/**
 * Pings every Janus each `checkEveryMs`; one that misses JANUS_MISSES_TO_FAIL in a row has its live
 * streams moved (moveStreamsOff), and again on each later miss while it has any, so a stream that
 * went live on it in between, or one no other Janus could take then, moves too.
 */
export function watchJanusHealth(deps: MoveStreamsDeps) {
  const misses = new Map<string, number>();
  let running: Promise<void> | null = null;
  const check = async () => {
    for (const janus of deps.connections) {
      if (await isJanusHealthy(janus)) {
        misses.delete(janus.url);
        continue;
      }
      const missed = (misses.get(janus.url) ?? 0) + 1;
      misses.set(janus.url, missed);
      if (missed >= JANUS_MISSES_TO_FAIL) await moveStreamsOff(deps, janus);
    }
  };
  // A round that outlasts the period (a Janus that hangs takes JANUS_TIMEOUT_MS to miss) is not overlapped.
  const timer = setInterval(() => {
    running ??= check()
      .catch((error: unknown) => deps.log.error({ err: error }, 'checking the Janus servers failed'))
      .finally(() => {
        running = null;
      });
  }, deps.checkEveryMs ?? JANUS_CHECK_EVERY_MS);
  timer.unref();
  return {
    /** No more checks, and the one under way finished. */
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
