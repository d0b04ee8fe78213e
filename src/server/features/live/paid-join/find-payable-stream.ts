import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { liveStreams, user } from '../../../db/schema';
import { conflict, notFound } from '../../../errors';

export interface PayableStream {
  id: string;
  readerId: string;
  priceCents: number;
}

export const STREAM_NOT_FOUND_MESSAGE = 'This stream does not exist';
export const STREAM_NOT_LIVE_MESSAGE = 'This stream is not live';

/**
 * A stream money may be paid into (a gift, its price): it exists (404) and is live now (409). A
 * suspended reader's stream is hidden like the reader (404): no money reaches a suspended account.
 */
export async function findPayableStream(db: DbOrTx, streamId: string): Promise<PayableStream> {
  const [stream] = await db
    .select({
      id: liveStreams.id,
      readerId: liveStreams.readerId,
      priceCents: liveStreams.priceCents,
      status: liveStreams.status,
      readerSuspendedAt: user.suspendedAt,
    })
    .from(liveStreams)
    .innerJoin(user, eq(user.id, liveStreams.readerId))
    .where(eq(liveStreams.id, streamId));
  if (!stream || stream.readerSuspendedAt !== null) throw notFound(STREAM_NOT_FOUND_MESSAGE);
  if (stream.status !== 'live') throw conflict(STREAM_NOT_LIVE_MESSAGE);
  return { id: stream.id, readerId: stream.readerId, priceCents: stream.priceCents };
}
