import type { ServerEvent, ServerEventPayload } from '@shared/realtime';
import type { Realtime } from './realtime';

type Pending = (realtime: Realtime) => void;

/**
 * Events collected during a transaction and sent only after it commits, so a browser never hears
 * of a charge or an answer that was rolled back.
 */
export class Outbox {
  private readonly pending: Pending[] = [];

  toUser<E extends ServerEvent>(userId: string, event: E, payload: ServerEventPayload<E>) {
    this.pending.push((realtime) => realtime.toUser(userId, event, payload));
    return this;
  }

  /** The same event to several users (both sides of a session). */
  toUsers<E extends ServerEvent>(userIds: string[], event: E, payload: ServerEventPayload<E>) {
    for (const userId of userIds) this.toUser(userId, event, payload);
    return this;
  }

  toRoom<E extends ServerEvent>(room: string, event: E, payload: ServerEventPayload<E>) {
    this.pending.push((realtime) => realtime.toRoom(room, event, payload));
    return this;
  }

  toReaderWatchers<E extends ServerEvent>(readerId: string, event: E, payload: ServerEventPayload<E>) {
    this.pending.push((realtime) => realtime.toReaderWatchers(readerId, event, payload));
    return this;
  }

  closeRoom(room: string) {
    this.pending.push((realtime) => realtime.closeRoom(room));
    return this;
  }

  /** Anything else that must wait for the commit, such as counting what it did (metrics). */
  afterCommit(run: () => void) {
    this.pending.push(() => run());
    return this;
  }

  flush(realtime: Realtime) {
    for (const send of this.pending.splice(0)) send(realtime);
  }
}
