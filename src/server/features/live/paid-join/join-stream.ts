import { and, eq, isNotNull } from 'drizzle-orm';
import type { JoinStreamResult } from '@shared/live';
import { SERVER_EVENTS } from '@shared/realtime';
import type { Clock } from '../../../clock';
import type { Db, DbOrTx } from '../../../db/client';
import { readerProfiles, streamJoins } from '../../../db/schema';
import { conflict } from '../../../errors';
import type { Realtime } from '../../../realtime/realtime';
import { assertWalletMaySpend, chargeCreditFirst, getWalletBalanceCents } from '../../wallet';
import { findPayableStream } from './find-payable-stream';
import { assertNotBlocked } from '../../blocks';

export interface JoinDeps {
  db: Db;
  clock: Clock;
  realtime: Realtime;
}

/** The one charge of a viewer's admission to a stream: its key is the (stream, viewer) pair. */
export const streamAccessKey = (streamId: string, userId: string) => `stream-access:${streamId}:${userId}`;
export const streamReference = (streamId: string) => `stream:${streamId}`;
export const READER_AWAY_MESSAGE = 'The reader is away right now, so you have not been charged. Try again in a minute.';

/**
 * Whether a process holds one of the reader's pages (realtime/presence/reader-presence.ts): the database's
 * answer, true on every process alike. A reader with no page may be gone for good, and their
 * stream ends a minute later (end-absent-streams.ts), so nobody pays to join it meanwhile.
 */
async function isReaderConnected(tx: DbOrTx, readerId: string): Promise<boolean> {
  const [held] = await tx
    .select({ id: readerProfiles.userId })
    .from(readerProfiles)
    .where(and(eq(readerProfiles.userId, readerId), isNotNull(readerProfiles.nodeId)));
  return held !== undefined;
}

/**
 * Admits a signed-in user to a live stream. A priced stream charges its price once per viewer and
 * stream, and only while its reader has a page connected (409 otherwise, docs/decisions/034),
 * split 70/30 with the reader's share final at once (docs/decisions/024): the
 * stream_joins primary key decides between concurrent joins, so exactly one inserts the row and
 * charges; the others, and every later join, answer what the first paid. A viewer who cannot pay
 * gets InsufficientFundsError (402) and is not admitted. The stream's own reader is never charged.
 */
export async function joinStream(deps: JoinDeps, streamId: string, userId: string): Promise<JoinStreamResult> {
  const { db, clock, realtime } = deps;
  const outcome = await db.transaction(async (tx) => {
    const stream = await findPayableStream(tx, streamId);
    if (stream.readerId === userId) return { paidCents: 0, balanceCents: await getWalletBalanceCents(tx, userId) };
    await assertNotBlocked(tx, userId, stream.readerId);

    const [joined] = await tx
      .insert(streamJoins)
      .values({ streamId, userId, paidCents: stream.priceCents, createdAt: new Date(clock.now()) })
      .onConflictDoNothing({ target: [streamJoins.streamId, streamJoins.userId] })
      .returning({ paidCents: streamJoins.paidCents });
    if (!joined) {
      const [first] = await tx
        .select({ paidCents: streamJoins.paidCents })
        .from(streamJoins)
        .where(and(eq(streamJoins.streamId, streamId), eq(streamJoins.userId, userId)));
      if (!first) throw new Error(`join of ${userId} to stream ${streamId} vanished`);
      return { paidCents: first.paidCents, balanceCents: await getWalletBalanceCents(tx, userId) };
    }
    if (joined.paidCents === 0) return { paidCents: 0, balanceCents: await getWalletBalanceCents(tx, userId) };
    // Thrown before the charge, so the admission's row rolls back with it.
    if (!(await isReaderConnected(tx, stream.readerId))) throw conflict(READER_AWAY_MESSAGE);

    await assertWalletMaySpend(tx, userId, new Date(clock.now()));
    // Promotional credit pays first (docs/decisions/066).
    const charge = await chargeCreditFirst(
      tx,
      {
        payerUserId: userId,
        readerUserId: stream.readerId,
        amountCents: joined.paidCents,
        readerAccount: 'earnings',
        kind: 'stream_access',
        reference: streamReference(streamId),
        idempotencyKey: streamAccessKey(streamId, userId),
      },
      new Date(clock.now()),
    );
    const charged = { readerId: stream.readerId, readerWalletCents: await getWalletBalanceCents(tx, stream.readerId) };
    return { paidCents: joined.paidCents, balanceCents: charge.payerBalanceCents, charged };
  });

  if ('charged' in outcome && outcome.charged) {
    realtime.toUser(userId, SERVER_EVENTS.walletUpdated, { balanceCents: outcome.balanceCents });
    // The reader's wallet is unchanged; the event tells their dashboard to fetch its figures again.
    realtime.toUser(outcome.charged.readerId, SERVER_EVENTS.walletUpdated, {
      balanceCents: outcome.charged.readerWalletCents,
    });
  }
  return { paidCents: outcome.paidCents, balanceCents: outcome.balanceCents };
}
