import { EventEmitter } from 'node:events';
import { type AppSocket, connectSocket } from '@/lib/socket';

type Listener = (...args: unknown[]) => void;

/**
 * Socket.IO's client as the app uses it, with the test speaking for the library and the server:
 * `emitReserved` is the library's own event ('connect', 'disconnect', 'connect_error', as
 * socket.io-client names that call), `serverSends` an event from the server. What the page sends
 * is kept in `sent`, and an acknowledged event is answered `{ ok: true }` at once, or never with
 * `answersAcks` false. `connect()` is counted, and connects nothing by itself.
 */
export class FakeSocket {
  active = false;
  connected = false;
  connects = 0;
  answersAcks = true;
  readonly sent: string[] = [];
  private readonly own = new EventEmitter();
  private readonly anyListeners: ((event: string, payload: unknown) => void)[] = [];

  on(event: string, listener: Listener): this {
    this.own.on(event, listener);
    return this;
  }
  off(event: string, listener: Listener): this {
    this.own.off(event, listener);
    return this;
  }
  onAny(listener: (event: string, payload: unknown) => void): this {
    this.anyListeners.push(listener);
    return this;
  }
  connect(): this {
    this.connects += 1;
    this.active = true;
    return this;
  }
  disconnect(): this {
    this.active = false;
    this.connected = false;
    return this;
  }
  emit(event: string, ...args: unknown[]): this {
    this.sent.push(event);
    const ack = args.at(-1);
    if (this.answersAcks && typeof ack === 'function') ack({ ok: true });
    return this;
  }

  emitReserved(event: string, ...args: unknown[]): void {
    this.own.emit(event, ...args);
  }
  serverSends(event: string, payload?: unknown): void {
    for (const listener of this.anyListeners) listener(event, payload);
  }
}

/**
 * Makes `fake` the tab's connection (src/web/lib/socket.ts), as signing in makes Socket.IO's:
 * `useSocket()` returns it and `useSocketEvent` hears it. The connection outlives the test file in a
 * shared worker, so each file ends it with `disconnectSocket()` after each test.
 */
export function connectFakeSocket(fake: FakeSocket): Promise<void> {
  return connectSocket(async () => fake as unknown as AppSocket);
}
