import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { type GiftId, giftById, type SentGift } from '@shared/live';
import { splitCharge } from '@shared/money';
import { SERVER_EVENTS } from '@shared/realtime';
import type { Clock } from '../../../clock';
import type { Db, DbOrTx } from '../../../db/client';
import { streamGifts } from '../../../db/schema';
import { conflict, forbidden } from '../../../errors';
import type { Realtime } from '../../../realtime/realtime';
import { assertWalletMaySpend, chargeCreditFirst, getWalletBalanceCents } from '../../wallet';
import { publicName } from '../public-name';
import { streamRoom } from '../deps';
import { findPayableStream } from '../paid-join/find-payable-stream';

export interface GiftDeps {
  db: Db;
  clock: Clock;
  realtime: Realtime;
}

export interface GiftRequest {
  senderId: string;
  senderName: string;
  streamId: string;
  giftId: GiftId;
  /** The sender's Idempotency-Key: one gift per (sender, key), whatever the number of retries. */
  idempotencyKey: string;
}

export interface GiftOutcome {
  result: SentGift;
  /** True when the key had already sent this gift: the first answer again, nothing moved. */
  isReplay: boolean;
}

type GiftRow = typeof streamGifts.$inferSelect;

/** A gift's ledger legs are keyed by its row, so the key a sender chose never reaches the ledger. */
export const giftReference = (giftRowId: string) => `gift:${giftRowId}`;

const KEY_REUSED_MESSAGE = 'This Idempotency-Key was already used for a different gift. Use a new key for a new gift.';

function replayOf(row: GiftRow, request: GiftRequest): GiftRow {
  if (row.streamId !== request.streamId || row.giftId !== request.giftId) throw conflict(KEY_REUSED_MESSAGE);
  return row;
}

const findByKey = async (db: DbOrTx, request: GiftRequest) =>
  (
    await db
      .select()
      .from(streamGifts)
      .where(and(eq(streamGifts.senderId, request.senderId), eq(streamGifts.idempotencyKey, request.idempotencyKey)))
  )[0];

/**
 * Sends a gift in a live stream: one transaction writes the gift and its split charge, the
 * reader's floor(70%) straight to their earnings (a gift cannot be refunded, docs/decisions/024)
 * and the rest to the platform. The unique (sender, key) index decides between concurrent
 * requests with one key: exactly one inserts the gift and charges; the others answer that gift.
 * A sender who cannot pay gets InsufficientFundsError (402) and nothing is written.
 */
export async function sendGift(deps: GiftDeps, request: GiftRequest): Promise<GiftOutcome> {
  const { db, clock, realtime } = deps;
  const gift = giftById(request.giftId);
  if (!gift) throw new RangeError(`unknown gift ${request.giftId}`);

  const outcome = await db.transaction(async (tx) => {
    // A replay answers as the first time did, even once the stream has ended.
    const used = await findByKey(tx, request);
    if (used) return { row: replayOf(used, request), isReplay: true as const };

    const stream = await findPayableStream(tx, request.streamId);
    if (stream.readerId === request.senderId) throw forbidden('You cannot send a gift in your own stream');

    const { readerCents, platformCents } = splitCharge(gift.costCents);
    const [row] = await tx
      .insert(streamGifts)
      .values({
        id: randomUUID(),
        streamId: stream.id,
        senderId: request.senderId,
        giftId: gift.id,
        amountCents: gift.costCents,
        readerCents,
        platformCents,
        idempotencyKey: request.idempotencyKey,
        createdAt: new Date(clock.now()),
      })
      .onConflictDoNothing({ target: [streamGifts.senderId, streamGifts.idempotencyKey] })
      .returning();
    if (!row) {
      // A concurrent request with this key committed first: its gift is the answer.
      const first = await findByKey(tx, request);
      if (!first) throw new Error(`gift key ${request.idempotencyKey} of ${request.senderId} vanished`);
      return { row: replayOf(first, request), isReplay: true as const };
    }
    await assertWalletMaySpend(tx, request.senderId, new Date(clock.now()));
    // Promotional credit pays first (docs/decisions/066).
    const charge = await chargeCreditFirst(
      tx,
      {
        payerUserId: request.senderId,
        readerUserId: stream.readerId,
        amountCents: gift.costCents,
        readerCents,
        readerAccount: 'earnings',
        kind: 'gift',
        reference: giftReference(row.id),
        idempotencyKey: giftReference(row.id),
      },
      new Date(clock.now()),
    );
    return {
      row,
      isReplay: false as const,
      readerId: stream.readerId,
      senderBalanceCents: charge.payerBalanceCents,
      readerWalletCents: await getWalletBalanceCents(tx, stream.readerId),
    };
  });

  const { row } = outcome;
  if (outcome.isReplay) {
    // The gift and amount of the first answer; the balance as it stands now (it is not stored).
    const balanceCents = await getWalletBalanceCents(db, request.senderId);
    return { result: { id: row.id, giftId: gift.id, amountCents: row.amountCents, balanceCents }, isReplay: true };
  }

  realtime.toRoom(streamRoom(row.streamId), SERVER_EVENTS.streamGift, {
    id: row.id,
    streamId: row.streamId,
    giftId: gift.id,
    fromName: publicName(request.senderName),
    amountCents: row.amountCents,
    at: row.createdAt.toISOString(),
  });
  realtime.toUser(request.senderId, SERVER_EVENTS.walletUpdated, { balanceCents: outcome.senderBalanceCents });
  // The reader's wallet is unchanged; the event tells their dashboard to fetch its figures again.
  realtime.toUser(outcome.readerId, SERVER_EVENTS.walletUpdated, { balanceCents: outcome.readerWalletCents });
  return {
    result: { id: row.id, giftId: gift.id, amountCents: row.amountCents, balanceCents: outcome.senderBalanceCents },
    isReplay: false,
  };
}
