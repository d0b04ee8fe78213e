import type { Realtime } from './realtime';

/**
 * Events collected during a transaction and sent only after it commits, so a browser never hears
 * of a charge or an answer that was rolled back.
 */
export class Outbox {
  private readonly events: { kind: 'user' | 'room' | 'all'; target: string; event: string; payload: unknown }[] = [];

  toUser(userId: string, event: string, payload: unknown) {
    this.events.push({ kind: 'user', target: userId, event, payload });
    return this;
  }

  toRoom(room: string, event: string, payload: unknown) {
    this.events.push({ kind: 'room', target: room, event, payload });
    return this;
  }

  toAll(event: string, payload: unknown) {
    this.events.push({ kind: 'all', target: '', event, payload });
    return this;
  }

  flush(realtime: Realtime) {
    for (const e of this.events.splice(0)) {
      if (e.kind === 'user') realtime.toUser(e.target, e.event, e.payload);
      else if (e.kind === 'room') realtime.toRoom(e.target, e.event, e.payload);
      else realtime.toAll(e.event, e.payload);
    }
  }
}
