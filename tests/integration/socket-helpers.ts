import type { Socket } from 'socket.io-client';
import type { Ack } from '../../src/shared/realtime';
import { EVENT_WAIT_LIMIT_MS } from './timeouts';

/** Emits with an acknowledgement and resolves with the server's answer. */
export function emitAck<T extends object = object>(
  socket: Socket,
  event: string,
  payload: unknown,
  timeoutMs = EVENT_WAIT_LIMIT_MS,
): Promise<Ack<T>> {
  return socket.timeout(timeoutMs).emitWithAck(event, payload) as Promise<Ack<T>>;
}

/** Resolves with the next `event` whose payload matches `where` (default: any). */
export function nextEvent<T = any>(
  socket: Socket,
  event: string,
  where: (payload: T) => boolean = () => true,
  timeoutMs = EVENT_WAIT_LIMIT_MS,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.off(event, listener);
      reject(new Error(`timed out waiting for ${event}`));
    }, timeoutMs);
    const listener = (payload: T) => {
      if (!where(payload)) return;
      clearTimeout(timer);
      socket.off(event, listener);
      resolve(payload);
    };
    socket.on(event, listener);
  });
}

/** Collects every payload of an event. */
export function collect<T = any>(socket: Socket, event: string): T[] {
  const seen: T[] = [];
  socket.on(event, (p: T) => seen.push(p));
  return seen;
}

/** Joins the pages that show readers' presence, as the directory does: from now on it hears `reader_status` and `reader_busy`. */
export async function watchReaders(socket: Socket): Promise<Socket> {
  const ack = await emitAck(socket, 'watch_readers', {});
  if (!ack.ok) throw new Error(`watch_readers failed: ${ack.error.message}`);
  return socket;
}

/**
 * Resolves once each socket has handled every event the server sent it before this call. The
 * server acknowledges any event, an unknown one too (with an error), on the same ordered
 * connection: its answer comes after everything sent before it. A fixed wait (50 ms) was too short
 * on a loaded machine.
 */
export async function delivered(...sockets: Socket[]): Promise<void> {
  await Promise.all(sockets.map((socket) => emitAck(socket, 'delivered', {})));
}
