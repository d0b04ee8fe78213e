import type { Server } from 'socket.io';
import { userRoom } from './socket-server';

/** What services may say to browsers; injected so services never reach for a global socket. */
export interface Realtime {
  toUser(userId: string, event: string, payload: unknown): void;
  toRoom(room: string, event: string, payload: unknown): void;
  toAll(event: string, payload: unknown): void;
}

export function socketRealtime(io: Server): Realtime {
  const emitter = io as unknown as { to(room: string): { emit(event: string, payload: unknown): void }; emit(event: string, payload: unknown): void };
  return {
    toUser: (userId, event, payload) => emitter.to(userRoom(userId)).emit(event, payload),
    toRoom: (room, event, payload) => emitter.to(room).emit(event, payload),
    toAll: (event, payload) => emitter.emit(event, payload),
  };
}
