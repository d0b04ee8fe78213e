import type { ServerEvent, ServerEventPayload } from '@shared/realtime';
import { type AppServer, readerWatchersRoom, userRoom } from './socket-server';

/** What services may say to browsers; injected so services never reach for a global socket. */
export interface Realtime {
  toUser<E extends ServerEvent>(userId: string, event: E, payload: ServerEventPayload<E>): void;
  toRoom<E extends ServerEvent>(room: string, event: E, payload: ServerEventPayload<E>): void;
  /** A reader's presence (`reader_status`, `reader_busy`): to the pages watching readers and to the reader's own. */
  toReaderWatchers<E extends ServerEvent>(readerId: string, event: E, payload: ServerEventPayload<E>): void;
  /** Empties a room on every process: a session that ended keeps no listeners. */
  closeRoom(room: string): void;
  /** Drops every socket of a user on every process (an account that was just suspended). */
  disconnectUser(userId: string): void;
}

interface Emitter {
  emit(event: ServerEvent, payload: unknown): unknown;
}

export function socketRealtime(io: AppServer): Realtime {
  // Socket.IO cannot resolve its argument tuple for a generic event name, so emitting goes through
  // this one widened view; Realtime's own signature is what checks every caller's event and payload.
  // biome-ignore lint/plugin: the one widened view of Socket.IO's emitter (above); Realtime's signature checks every event and payload.
  const emitter = (target: unknown) => target as Emitter;
  return {
    toUser: (userId, event, payload) => emitter(io.to(userRoom(userId))).emit(event, payload),
    toRoom: (room, event, payload) => emitter(io.to(room)).emit(event, payload),
    // One emit to both rooms: a socket in both hears it once.
    toReaderWatchers: (readerId, event, payload) =>
      emitter(io.to(readerWatchersRoom).to(userRoom(readerId))).emit(event, payload),
    closeRoom: (room) => io.in(room).socketsLeave(room),
    disconnectUser: (userId) => io.in(userRoom(userId)).disconnectSockets(true),
  };
}
