import { EventEmitter } from 'node:events';

/** Socket.IO's client as far as src/web/lib/socket.ts uses it; `connect()` is counted and answered by the test. */
export class FakeSocket extends EventEmitter {
  active = false;
  connected = false;
  connects = 0;
  private readonly anyListeners: ((event: string, payload: unknown) => void)[] = [];
  onAny(listener: (event: string, payload: unknown) => void) {
    this.anyListeners.push(listener);
  }
  connect() {
    this.connects += 1;
    this.active = true;
  }
  disconnect() {
    this.active = false;
    this.connected = false;
  }
  /** The server's side: an event as the client library hands it on. */
  serverSends(event: string, payload: unknown) {
    for (const listener of this.anyListeners) listener(event, payload);
  }
}
