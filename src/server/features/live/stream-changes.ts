import type { StreamChat } from '@shared/live';
import type { AppServer } from '../../realtime/socket-server';

/** A write that changes what a joining viewer is sent besides the stream's row: its chat backlog or its mutes. */
export type StreamChange =
  | { kind: 'message'; chat: StreamChat }
  | { kind: 'message_removed'; streamId: string; messageId: string }
  | { kind: 'muted' | 'unmuted'; streamId: string; userId: string };

export interface StreamChanges {
  /** Called by the writer after its commit and before it tells the room, on every process. */
  tell(change: StreamChange): void;
  listen(listener: (change: StreamChange) => void): void;
}

/**
 * Tells every process of the app of a stream's change. This process hears it at once; the others
 * through the Redis adapter (`serverSideEmit`), on the connection that then carries the room's
 * event, so every process hears the change before the room does: a viewer who joins in between is
 * sent the backlog with the message, and a viewer who joins after hears the message itself.
 */
export function streamChangesOnEveryProcess(io: AppServer, hasOtherProcesses: boolean): StreamChanges {
  const listeners: ((change: StreamChange) => void)[] = [];
  const hear = (change: StreamChange) => {
    for (const listener of listeners) listener(change);
  };
  if (hasOtherProcesses) io.on('live_stream_changed', hear);
  return {
    tell(change) {
      hear(change);
      if (hasOtherProcesses) io.serverSideEmit('live_stream_changed', change);
    },
    listen(listener) {
      listeners.push(listener);
    },
  };
}
