import { lt } from 'drizzle-orm';
import type { ChatMessage, ReadingSession } from '@shared/sessions';
import type { Clock } from '../../clock';
import type { DbOrTx } from '../../db/client';
import { sessionMessages } from '../../db/schema';
import { messagesOf } from './messages';
import { DAY_MS } from '@shared/time-units';

/** How often a running server sweeps; a message lives at most this long past its retention. */
export const RETENTION_SWEEP_INTERVAL_MS = 60 * 60 * 1000;

/** Messages sent before this moment are past their retention. */
export function retentionCutoff(nowMs: number, retentionDays: number): Date {
  return new Date(nowMs - retentionDays * DAY_MS);
}

/**
 * The messages of a reading its retention still keeps. The sweep deletes older ones within the
 * hour; until it does they are already past the promise, so no view shows them.
 */
export async function keptMessagesOf(db: DbOrTx, sessionId: string, cutoff: Date): Promise<ChatMessage[]> {
  const messages = await messagesOf(db, sessionId);
  return messages.filter((message) => Date.parse(message.createdAt) >= cutoff.getTime());
}

/** A reading whose end is older than the cut-off has no message left, by the same rule. */
export function areMessagesDeleted(session: Pick<ReadingSession, 'endedAt'>, cutoff: Date): boolean {
  return session.endedAt !== null && Date.parse(session.endedAt) < cutoff.getTime();
}

/**
 * Deletes every chat message older than the retention. Keyed on each message's own age, not on
 * when a sweep last ran, so a sweep missed while the server was down is made up by the next one,
 * and running it twice deletes nothing more. Readings and their receipt lines (session_minutes)
 * are money records and stay.
 */
export async function deleteExpiredMessages(db: DbOrTx, clock: Clock, retentionDays: number): Promise<number> {
  const deleted = await db
    .delete(sessionMessages)
    .where(lt(sessionMessages.createdAt, retentionCutoff(clock.now(), retentionDays)))
    .returning({ id: sessionMessages.id });
  return deleted.length;
}

export interface MessageRetentionJob {
  /** Resolves when the sweep under way (the start-up one at first) has finished. */
  idle(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Sweeps at once (a server that was down catches up at start-up) and then every `intervalMs`
 * until stopped; a failing sweep is logged and the next one retries.
 */
export function startMessageRetention(options: {
  db: DbOrTx;
  clock: Clock;
  retentionDays: number;
  intervalMs?: number;
  log: { error(obj: unknown, msg: string): void };
}): MessageRetentionJob {
  const intervalMs = options.intervalMs ?? RETENTION_SWEEP_INTERVAL_MS;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let running: Promise<void> = Promise.resolve();
  const sweep = () => {
    if (stopped) return;
    running = deleteExpiredMessages(options.db, options.clock, options.retentionDays)
      .then(() => undefined)
      .catch((error) => options.log.error({ err: error }, 'message retention sweep failed'))
      .finally(() => {
        if (!stopped) timer = setTimeout(sweep, intervalMs);
      });
  };
  sweep();
  return {
    idle: () => running,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
