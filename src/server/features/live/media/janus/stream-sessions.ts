import type { Log } from '../../../../realtime/client-events';
import type { JanusConnection } from './janus-api';
import { type JanusSession, openJanusSession } from './janus-session';

/**
 * The one Janus session the handles of each stream share on this process, kept while they last.
 * `onLost` hears of a session Janus lost: the stream's parties went with it.
 */
export function streamSessions<Room>(deps: {
  connectionOf: (room: Room) => JanusConnection;
  log: Log;
  onLost: (streamId: string) => void;
}) {
  const sessions = new Map<string, Promise<JanusSession>>();
  return {
    /** The stream's kept session, opened on the room's Janus on first use. */
    of(streamId: string, room: Room): Promise<JanusSession> {
      const existing = sessions.get(streamId);
      if (existing) return existing;
      const opened = openJanusSession(deps.connectionOf(room), (error) => {
        deps.log.error({ err: error, streamId }, "a stream's Janus session ended");
        if (sessions.get(streamId) === opened) deps.onLost(streamId);
      });
      sessions.set(streamId, opened);
      opened.catch(() => {
        if (sessions.get(streamId) === opened) sessions.delete(streamId);
      });
      return opened;
    },

    /** Forgets the stream's session, if it has one, and closes it; `onError` hears a close that failed. */
    close(streamId: string, onError: (error: unknown) => void) {
      const session = sessions.get(streamId);
      if (!session) return;
      sessions.delete(streamId);
      session.then((s) => s.close()).catch(onError);
    },
  };
}
