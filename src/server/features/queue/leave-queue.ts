import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { readerQueue } from '../../db/schema';
import { Outbox } from '../../realtime/outbox';
import type { QueueDeps } from './deps';
import { offerFreeReaders } from './offer-queue';
import { announceMovedUp } from './queue-line';

/**
 * DELETE /api/readers/:id/queue: the client leaves the reader's line (nothing happens when they are
 * not in it). Leaving while the reader is kept for them is 'Not now': the next client is offered at once.
 */
export async function leaveQueue(deps: QueueDeps, clientId: string, readerId: string): Promise<void> {
  const now = new Date(deps.clock.now());
  const outbox = new Outbox();
  await deps.db.transaction(async (tx) => {
    const left = await tx
      .delete(readerQueue)
      .where(and(eq(readerQueue.clientId, clientId), eq(readerQueue.readerId, readerId)))
      .returning();
    await announceMovedUp(tx, left, outbox);
    if (left.some((place) => place.offerExpiresAt !== null))
      await offerFreeReaders(tx, now, deps.timing.minuteMs, outbox, readerId);
  });
  outbox.flush(deps.realtime);
}

/**
 * A client whose request for a reading went through is served: their place in any line is used up
 * (a confirmed offer), or given up for the reader they chose instead.
 */
export async function leaveAnyLine(db: DbOrTx, clientId: string, outbox: Outbox): Promise<void> {
  const left = await db.delete(readerQueue).where(eq(readerQueue.clientId, clientId)).returning();
  await announceMovedUp(db, left, outbox);
}
