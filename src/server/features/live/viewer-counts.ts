import { and, eq, ne } from 'drizzle-orm';
import { SERVER_EVENTS } from '@shared/realtime';
import { liveStreams } from '../../db/schema';
import type { Log } from '../../realtime/client-events';
import type { AppServer } from '../../realtime/socket-server';
import { type LiveDeps, streamRoom } from './deps';

/** A stream's count is stored and sent at most this often, however many join or leave. */
export const VIEWER_COUNT_INTERVAL_MS = 1000;

const ROOM_PREFIX = streamRoom('');
/** The stream whose room this is, or null for any other room (a user's, the media's `stream:…:watchers`). */
const streamOfRoom = (room: string) =>
  room.startsWith(ROOM_PREFIX) && !room.includes(':', ROOM_PREFIX.length) ? room.slice(ROOM_PREFIX.length) : null;

interface Pace {
  lastRunAt: number;
  /** Cancels the count set for the end of the current interval. */
  cancel?: () => void;
  running?: Promise<void>;
  isDueAgain: boolean;
}

/**
 * A stream's viewer count: the distinct signed-in users in its room on every process, its reader
 * not counted, so two tabs of one viewer count once (docs/decisions/023, 065).
 *
 * This process's part is kept from the room itself (the adapter's join and leave events, so a
 * closed room and a disconnect count as leaves) and is exact at every join. The other processes'
 * part is read with `fetchSockets` (the Redis adapter asks them all) when the count is stored and
 * sent: at once when a viewer arrives or goes after a quiet second, else once at the end of that
 * second, with the count as it then is, so a storm of joins costs one room read a second and the
 * last count is always sent.
 */
export function createViewerCounts(
  server: AppServer,
  deps: Pick<LiveDeps, 'db' | 'realtime' | 'clock' | 'timers'>,
  log: Log,
) {
  /** This process's sockets in each stream's room: socket → user, and user → how many of their sockets. */
  const here = new Map<string, { users: Map<string, number>; sockets: Map<string, string> }>();
  /** Each stream's reader, told by the join before it joins: their pages are no audience. */
  const readers = new Map<string, string>();
  /** Viewers with a socket in the room only on other processes, at the last count. */
  const elsewhere = new Map<string, number>();
  const pacing = new Map<string, Pace>();
  let isStopped = false;

  const adapter = server.of('/').adapter;
  adapter.on('join-room', (room: string, socketId: string) => {
    const streamId = streamOfRoom(room);
    if (!streamId) return;
    const userId = server.of('/').sockets.get(socketId)?.data.user.id;
    if (!userId || userId === readers.get(streamId)) return;
    let stream = here.get(streamId);
    if (!stream) {
      stream = { users: new Map(), sockets: new Map() };
      here.set(streamId, stream);
    }
    stream.sockets.set(socketId, userId);
    const tabs = stream.users.get(userId) ?? 0;
    stream.users.set(userId, tabs + 1);
    if (tabs === 0) request(streamId);
  });
  adapter.on('leave-room', (room: string, socketId: string) => {
    const streamId = streamOfRoom(room);
    if (!streamId) return;
    const stream = here.get(streamId);
    const userId = stream?.sockets.get(socketId);
    if (!stream || !userId) return;
    stream.sockets.delete(socketId);
    const tabs = (stream.users.get(userId) ?? 1) - 1;
    if (tabs > 0) {
      stream.users.set(userId, tabs);
      return;
    }
    stream.users.delete(userId);
    if (stream.sockets.size === 0) here.delete(streamId);
    request(streamId);
  });

  const count = (streamId: string) => (here.get(streamId)?.users.size ?? 0) + (elsewhere.get(streamId) ?? 0);

  async function store(streamId: string) {
    const sockets = await server.in(streamRoom(streamId)).fetchSockets();
    const readerId = readers.get(streamId);
    const local = here.get(streamId)?.users;
    const onlyElsewhere = new Set(
      sockets.map((socket) => socket.data.user.id).filter((userId) => userId !== readerId && !local?.has(userId)),
    ).size;
    if (onlyElsewhere > 0) elsewhere.set(streamId, onlyElsewhere);
    else elsewhere.delete(streamId);
    const viewers = count(streamId);
    const changed = await deps.db
      .update(liveStreams)
      .set({ viewerCount: viewers })
      .where(and(eq(liveStreams.id, streamId), eq(liveStreams.status, 'live'), ne(liveStreams.viewerCount, viewers)))
      .returning({ id: liveStreams.id });
    if (changed.length > 0)
      deps.realtime.toRoom(streamRoom(streamId), SERVER_EVENTS.streamViewers, { streamId, count: viewers });
  }

  function run(streamId: string, pace: Pace) {
    pace.lastRunAt = deps.clock.now();
    pace.running = store(streamId)
      .catch((error: unknown) => log.error({ err: error, streamId }, 'counting a stream’s viewers failed'))
      .finally(() => {
        pace.running = undefined;
        if (pace.isDueAgain) {
          pace.isDueAgain = false;
          request(streamId);
        } else if (!pace.cancel && !here.has(streamId)) {
          // Nobody here any more: forget the stream (a viewer back within the second is counted at once).
          pacing.delete(streamId);
          readers.delete(streamId);
          elsewhere.delete(streamId);
        }
      });
  }

  function request(streamId: string) {
    if (isStopped) return;
    let pace = pacing.get(streamId);
    if (!pace) {
      pace = { lastRunAt: Number.NEGATIVE_INFINITY, isDueAgain: false };
      pacing.set(streamId, pace);
    }
    if (pace.cancel) return;
    // One count at a time per stream, so an older count never overwrites a newer one.
    if (pace.running) {
      pace.isDueAgain = true;
      return;
    }
    const waitMs = pace.lastRunAt + VIEWER_COUNT_INTERVAL_MS - deps.clock.now();
    if (waitMs <= 0) return run(streamId, pace);
    const due = pace;
    due.cancel = deps.timers.after(waitMs, () => {
      due.cancel = undefined;
      run(streamId, due);
    });
  }

  return {
    /** Tells whose pages are no audience in a stream's room; called before its first join here. */
    setReader(streamId: string, readerId: string) {
      readers.set(streamId, readerId);
    },
    /** The stream's viewers now: exact for this process, the others' as at the last count. */
    count,
    /** Shutdown: the counts set for later are stored now, and none is started after. */
    async settle() {
      isStopped = true;
      for (const [streamId, pace] of pacing) {
        if (!pace.cancel) continue;
        pace.cancel();
        pace.cancel = undefined;
        if (!pace.running) run(streamId, pace);
      }
      await Promise.allSettled([...pacing.values()].map((pace) => pace.running));
    },
  };
}
