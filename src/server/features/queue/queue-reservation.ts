import { eq } from 'drizzle-orm';
import type { QueueRefusal } from '@shared/queue';
import type { DbOrTx } from '../../db/client';
import { readerQueue } from '../../db/schema';
import { conflict } from '../../errors';

/**
 * A reader with a line is kept for it: only the client holding the open offer may request them,
 * so nobody walks in ahead of those who waited (nor in the instant between a reading's end and the
 * offer). Throws 409 for anyone else.
 */
export async function assertReaderNotKeptForOthers(
  db: DbOrTx,
  reader: { userId: string; firstName: string },
  clientId: string,
  now: Date,
) {
  const line = await db
    .select({ clientId: readerQueue.clientId, offerExpiresAt: readerQueue.offerExpiresAt })
    .from(readerQueue)
    .where(eq(readerQueue.readerId, reader.userId));
  if (line.length === 0) return;
  const mine = line.find((place) => place.clientId === clientId);
  if (mine?.offerExpiresAt && mine.offerExpiresAt > now) return;
  throw conflict(
    mine
      ? `You are in ${reader.firstName}'s queue: the reading is offered to you when it is your turn.`
      : `${reader.firstName} is keeping their next reading for a client in their queue. Join the queue to be next.`,
    { reason: 'reader_reserved' satisfies QueueRefusal },
  );
}
