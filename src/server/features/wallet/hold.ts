import { eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { ledgerAccounts, ledgerTransfers } from '../../db/schema';
import {
  chargeManyWithSplit,
  earningsAccountId,
  escrowAccountId,
  holdAccountId,
  InsufficientFundsError,
  lockAccounts,
  netForReference,
  revenueAccountFor,
  SPLIT_LEG_SUFFIX,
  type SplitChargeResult,
  type TransferKind,
  transfer,
  walletAccountId,
} from './ledger';
import { creditAccountId, returnCredit, spendCreditBeforePayment } from './credit';

/**
 * A client hold (docs/decisions/046): money moved from the client's wallet into `hold:<userId>`,
 * which no spending path debits, and later given back to the wallet (released) or charged 70/30
 * from there. One user has one hold account; each thing held for (a written question, later an
 * appointment) is told apart by the transfers' `reference`, so what one reference still holds is
 * its transfers' sum, read under the hold account's lock. Every move is a ledger transfer with an
 * idempotency key, so a retry or a race moves money once.
 */

/**
 * What a hold transfer `t` is held for: its reference, or for a booked reading's minute (`s`, its
 * reading, joined by the caller) the reading's appointment, whose hold pays for it (048).
 */
export const heldReference = sql<string>`coalesce('appointment:' || s.appointment_id, t.reference)`;

/** Opens a user's hold account the first time something is held for them (accounts made before 0033 have none). */
async function openHoldAccount(tx: Tx, userId: string): Promise<void> {
  await tx
    .insert(ledgerAccounts)
    .values({ id: holdAccountId(userId), kind: 'hold', userId })
    .onConflictDoNothing({ target: ledgerAccounts.id });
}

/** What the hold still holds for one reference: what was put in less what was released or charged. */
export const heldForReference = (tx: Tx, userId: string, reference: string) =>
  netForReference(tx, holdAccountId(userId), reference);

export interface PlaceHoldInput {
  userId: string;
  amountCents: number;
  /** What the money is held for, e.g. `written-reading:<id>`: every later move names it too. */
  reference: string;
  /** A purchase held for (a question, an appointment): the client's promotional credit valid at this time pays first (docs/decisions/066). */
  creditFirstAt?: Date;
}

/**
 * Moves `amountCents` from the user's wallet into their hold, once per reference (the transfer's
 * key is `<reference>:hold`; a replay moves nothing). Throws InsufficientFundsError when the wallet
 * cannot cover it, and the caller's transaction rolls back whole.
 */
export async function placeHold(tx: Tx, input: PlaceHoldInput): Promise<{ created: boolean }> {
  await openHoldAccount(tx, input.userId);
  if (input.creditFirstAt)
    await spendCreditBeforePayment(tx, {
      userId: input.userId,
      amountCents: input.amountCents,
      reference: input.reference,
      key: `${input.reference}:hold`,
      now: input.creditFirstAt,
    });
  const { created } = await transfer(tx, {
    debitAccountId: walletAccountId(input.userId),
    creditAccountId: holdAccountId(input.userId),
    amountCents: input.amountCents,
    kind: 'hold',
    reference: input.reference,
    idempotencyKey: `${input.reference}:hold`,
  });
  return { created };
}

export interface ReleaseHoldInput {
  userId: string;
  reference: string;
  /** At most this much (what the reference still holds, when less); all it holds when absent. */
  amountCents?: number;
  /** One per release: `<reference>:release` when absent (a full release happens once). */
  idempotencyKey?: string;
  /** When it is released: credit that paid for the hold comes back with its expiry, or a grace from now if that has passed. */
  now: Date;
}

/**
 * Gives held money back to the user's wallet: all that the reference still holds, or part of it;
 * what promotional credit paid of it goes on to credit: (returnCredit).
 * Returns the cents released; 0 when nothing was left (released or charged before) or the key was
 * used already (a retry), so calling it twice never gives back twice.
 */
export async function releaseHold(tx: Tx, input: ReleaseHoldInput): Promise<number> {
  const hold = holdAccountId(input.userId);
  const idempotencyKey = input.idempotencyKey ?? `${input.reference}:release`;
  await lockAccounts(tx, [walletAccountId(input.userId), creditAccountId(input.userId), hold]);
  // A retry is answered before the amount is worked out again: what is left may have changed since.
  const [replayed] = await tx
    .select({ id: ledgerTransfers.id })
    .from(ledgerTransfers)
    .where(eq(ledgerTransfers.idempotencyKey, idempotencyKey));
  if (replayed) return 0;
  const heldCents = await heldForReference(tx, input.userId, input.reference);
  const amountCents = Math.min(input.amountCents ?? heldCents, heldCents);
  if (amountCents <= 0) return 0;
  const { created } = await transfer(tx, {
    debitAccountId: hold,
    creditAccountId: walletAccountId(input.userId),
    amountCents,
    kind: 'hold_release',
    reference: input.reference,
    idempotencyKey,
  });
  if (!created) return 0;
  // What credit paid of the hold goes back to credit first (docs/decisions/066).
  await returnCredit(tx, {
    userId: input.userId,
    reference: input.reference,
    refundedCents: amountCents,
    idempotencyKey,
    now: input.now,
  });
  return amountCents;
}

export interface ChargeFromHoldInput {
  payerUserId: string;
  readerUserId: string;
  reference: string;
  amountCents: number;
  kind: TransferKind;
  idempotencyKey: string;
  /** Escrow while the charge can still be refunded (a reading's minute); earnings when it is final (an answer). */
  readerAccount: 'escrow' | 'earnings';
}

/**
 * Charges held money with the usual split (floor(70%) to the reader, the rest to the payer's
 * revenue shard), as chargeWithSplit does from a wallet. It may take only what the reference still
 * holds: more is InsufficientFundsError, even when the hold account holds other references' money.
 * Every account is locked first in the ledger's order; a replay of the key moves nothing and is
 * answered as the charge it repeats.
 */
export async function chargeFromHold(tx: Tx, input: ChargeFromHoldInput): Promise<SplitChargeResult> {
  const hold = holdAccountId(input.payerUserId);
  const reader =
    input.readerAccount === 'earnings' ? earningsAccountId(input.readerUserId) : escrowAccountId(input.readerUserId);
  await lockAccounts(tx, [hold, reader, revenueAccountFor(input.payerUserId)]);
  const legKeys = [
    `${input.idempotencyKey}${SPLIT_LEG_SUFFIX.reader}`,
    `${input.idempotencyKey}${SPLIT_LEG_SUFFIX.platform}`,
  ];
  const [replayed] = await tx
    .select({ id: ledgerTransfers.id })
    .from(ledgerTransfers)
    .where(inArray(ledgerTransfers.idempotencyKey, legKeys))
    .limit(1);
  // A first charge must fit what this reference holds; a replay is answered by chargeManyWithSplit (same charge, or a conflict).
  if (!replayed && input.amountCents > (await heldForReference(tx, input.payerUserId, input.reference)))
    throw new InsufficientFundsError(hold);
  const [outcome] = await chargeManyWithSplit(tx, [{ ...input, payerAccount: 'hold' }]);
  if (!outcome || outcome.refused) throw new InsufficientFundsError(hold);
  const { refused: _, ...result } = outcome;
  return result;
}
