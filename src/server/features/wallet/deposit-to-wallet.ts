import { and, eq, isNull, lt, or } from 'drizzle-orm';
import { SERVER_EVENTS } from '@shared/realtime';
import { ADD_FUNDS_FAILED_MESSAGE, type WalletDepositResult } from '@shared/wallet';
import type { Clock } from '../../clock';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { deposits } from '../../db/schema';
import { AppError, conflict } from '../../errors';
import { type PaymentsProvider, PaymentProviderUnavailableError } from '../../payments/provider';
import type { Realtime } from '../../realtime/realtime';
import { openPendingDeposit } from './open-pending-deposit';
import { customerOfSavedCard, refuseAnotherPersonsCard } from './saved-card-customer';
import { getWalletBalanceCents, lockAccounts, SYSTEM_ACCOUNTS, transfer, walletAccountId } from './ledger';
import { depositCreditAccounts } from './credit';

export interface DepositDeps {
  db: Db;
  payments: PaymentsProvider;
  realtime: Realtime;
  clock: Clock;
  /** Runs once a deposit is credited (a reading paused for funds resumes); it must not throw. */
  onDeposited?: (userId: string) => Promise<void>;
  /**
   * Promotion codes given with deposits (decision 066), handed in where the app is assembled: promotions builds on the
   * wallet.
   */
  promotions?: DepositPromotions;
}

/** A promotion code with a deposit: refused (409) before any payment, its bonus granted in the transaction that credits the deposit. */
export interface DepositPromotions {
  /** The code's promotion id, or a 409 PROMOTION_UNAVAILABLE naming why it cannot be used with this deposit; without a code, the welcome offer's or null. */
  forDeposit(
    db: DbOrTx,
    userId: string,
    code: string | undefined,
    amountCents: number,
    now: Date,
  ): Promise<string | null>;
  /** Grants the code's credit and bonus if the code still has room; returns the cents granted. */
  grantOnCredit(
    tx: Tx,
    deposit: { id: string; userId: string; amountCents: number; promotionId: string },
    now: Date,
  ): Promise<number>;
}

export interface DepositRequest {
  userId: string;
  amountCents: number;
  paymentMethodId: string;
  /** The caller's Idempotency-Key: one deposit per (user, key), whatever the number of retries. */
  idempotencyKey: string;
  promoCode?: string;
}

export interface DepositOutcome {
  result: WalletDepositResult;
  /** True when the key had already produced this deposit: the answer is repeated, nothing moved. */
  isReplay: boolean;
}

/**
 * A request that finds its deposit pending with an attempt younger than this waits for that
 * attempt (409 'in progress'); an older attempt belongs to a server that died mid-charge and may be
 * taken over. Longer than the provider's own timeout, so two live attempts never overlap.
 */
export const DEPOSIT_ATTEMPT_LEASE_MS = 2 * 60_000;

const UNREACHABLE_REASON = 'We could not reach the payment service. Please try again.';

type DepositRow = typeof deposits.$inferSelect;

export const depositTransferKey = (depositId: string) => `deposit:${depositId}`;

/**
 * The one transfer a deposit makes (external → wallet, keyed by the deposit, so once however it is
 * confirmed: the provider's answer or its webhook). Returns the wallet's balance after it.
 */
export async function creditDeposit(
  tx: Tx,
  deposit: { id: string; userId: string; amountCents: number; promotionId: string | null },
  promotions: DepositPromotions | undefined,
  now: Date,
): Promise<number> {
  const withCode = deposit.promotionId !== null && promotions !== undefined;
  // The bonus's accounts with the deposit's, up front in the ledger's order.
  if (withCode)
    await lockAccounts(tx, [
      walletAccountId(deposit.userId),
      SYSTEM_ACCOUNTS.external,
      ...depositCreditAccounts(deposit.userId),
    ]);
  await transfer(tx, {
    debitAccountId: SYSTEM_ACCOUNTS.external,
    creditAccountId: walletAccountId(deposit.userId),
    amountCents: deposit.amountCents,
    kind: 'deposit',
    reference: depositTransferKey(deposit.id),
    idempotencyKey: depositTransferKey(deposit.id),
  });
  if (withCode) await promotions.grantOnCredit(tx, { ...deposit, promotionId: deposit.promotionId! }, now);
  return getWalletBalanceCents(tx, deposit.userId);
}

function paymentFailed(depositId: string, reason: string, isRetryable = false) {
  return new AppError('PAYMENT_FAILED', ADD_FUNDS_FAILED_MESSAGE, undefined, { reason, depositId, isRetryable });
}

/**
 * Adds money to a wallet: records the deposit (pending) if the client's own spending limits leave
 * room for it, asks the payment provider, and credits the wallet (external → wallet) only once the
 * provider confirms. The unique index on
 * deposits(user_id, idempotency_key) decides between concurrent requests with one key: exactly one
 * inserts the row and charges; the others answer the stored result, or 409 while it is in progress.
 */
export async function depositToWallet(deps: DepositDeps, request: DepositRequest): Promise<DepositOutcome> {
  const { db, clock } = deps;
  await refuseAnotherPersonsCard(db, request.userId, request.paymentMethodId);
  const now = new Date(clock.now());
  const promotionId = deps.promotions
    ? await deps.promotions.forDeposit(db, request.userId, request.promoCode, request.amountCents, now)
    : null;
  const opened = await db.transaction((tx) =>
    openPendingDeposit(
      tx,
      {
        userId: request.userId,
        idempotencyKey: request.idempotencyKey,
        amountCents: request.amountCents,
        paymentMethodId: request.paymentMethodId,
        provider: deps.payments.name,
        attemptStartedAt: now,
        promotionId,
      },
      now,
    ),
  );
  const inserted = opened.isReplay ? undefined : opened.deposit;
  if (inserted) return { result: await chargeDeposit(deps, inserted), isReplay: false };

  const [existing] = await db
    .select()
    .from(deposits)
    .where(and(eq(deposits.userId, request.userId), eq(deposits.idempotencyKey, request.idempotencyKey)));
  // Gone between our insert and this read: its first attempt was refused as bad input and removed.
  if (!existing) throw inProgress();
  if (existing.amountCents !== request.amountCents || existing.paymentMethodId !== request.paymentMethodId) {
    throw conflict('This Idempotency-Key was already used for a different deposit. Use a new key for a new deposit.');
  }
  if (existing.status === 'succeeded') {
    // The first answer again, word for word (deposits made before it was stored answer today's balance).
    return {
      result: succeededResult(
        existing,
        existing.balanceAfterCents ?? (await getWalletBalanceCents(db, request.userId)),
      ),
      isReplay: true,
    };
  }
  if (existing.status === 'failed') {
    const first = paymentFailed(existing.id, existing.failureMessage ?? ADD_FUNDS_FAILED_MESSAGE);
    throw new ReplayedDepositFailure(first.code, first.message, undefined, first.details);
  }

  // Pending: take the attempt over only if no live request holds it.
  const leaseExpired = new Date(now.getTime() - DEPOSIT_ATTEMPT_LEASE_MS);
  const [claimed] = await db
    .update(deposits)
    .set({ attemptStartedAt: now, updatedAt: now })
    .where(
      and(
        eq(deposits.id, existing.id),
        eq(deposits.status, 'pending'),
        or(isNull(deposits.attemptStartedAt), lt(deposits.attemptStartedAt, leaseExpired)),
      ),
    )
    .returning();
  if (!claimed) throw inProgress();
  return { result: await chargeDeposit(deps, claimed), isReplay: false };
}

/** A declined deposit asked for again with its key: the first answer again, known to be a replay. */
export class ReplayedDepositFailure extends AppError {}

function inProgress() {
  return conflict('A deposit with this Idempotency-Key is in progress. Try again in a moment.', { isRetryable: true });
}

function succeededResult(deposit: DepositRow, balanceCents: number): WalletDepositResult {
  return { depositId: deposit.id, amountCents: deposit.amountCents, balanceCents, status: 'succeeded' };
}

/** The attempt this request holds: ask the provider, then record what it said. */
async function chargeDeposit(deps: DepositDeps, deposit: DepositRow): Promise<WalletDepositResult> {
  const { db, payments, realtime, clock } = deps;
  let outcome: Awaited<ReturnType<PaymentsProvider['charge']>>;
  const customerId = await customerOfSavedCard(db, deposit.userId, deposit.paymentMethodId);
  try {
    outcome = await payments.charge({
      ...(customerId && { customerId }),
      amountCents: deposit.amountCents,
      paymentMethodId: deposit.paymentMethodId,
      // Derived from our deposit, so every attempt at this deposit is one charge at the provider.
      idempotencyKey: depositTransferKey(deposit.id),
      customerRef: deposit.userId,
    });
  } catch (error) {
    const stamp = new Date(clock.now());
    if (error instanceof AppError && error.statusCode === 400) {
      // Bad input (an unknown card): nothing was charged, and bad input leaves no data behind.
      await db.delete(deposits).where(and(eq(deposits.id, deposit.id), eq(deposits.status, 'pending')));
      throw error;
    }
    // The outcome is unknown: keep the deposit pending and free the attempt, so a retry with the
    // same key asks the provider again under the same provider key instead of charging anew.
    await db.update(deposits).set({ attemptStartedAt: null, updatedAt: stamp }).where(eq(deposits.id, deposit.id));
    if (error instanceof PaymentProviderUnavailableError) throw paymentFailed(deposit.id, UNREACHABLE_REASON, true);
    throw error;
  }

  const stamp = new Date(clock.now());
  if (outcome.status === 'declined') {
    await db
      .update(deposits)
      .set({ status: 'failed', failureMessage: outcome.message, attemptStartedAt: null, updatedAt: stamp })
      .where(and(eq(deposits.id, deposit.id), eq(deposits.status, 'pending')));
    throw paymentFailed(deposit.id, outcome.message);
  }

  const { reference } = outcome;
  const balanceCents = await db.transaction(async (tx) => {
    const [settled] = await tx
      .update(deposits)
      // The reference is the charge's PaymentIntent: a refund to the card or a dispute finds the deposit by it.
      .set({
        status: 'succeeded',
        providerReference: reference,
        paymentIntentId: reference,
        attemptStartedAt: null,
        updatedAt: stamp,
      })
      .where(and(eq(deposits.id, deposit.id), eq(deposits.status, 'pending')))
      .returning({ id: deposits.id });
    // Settled by an overlapping attempt already: its transfer and its answer stand, this one moves nothing.
    if (!settled) {
      const [first] = await tx
        .select({ balanceAfterCents: deposits.balanceAfterCents })
        .from(deposits)
        .where(eq(deposits.id, deposit.id));
      return first?.balanceAfterCents ?? getWalletBalanceCents(tx, deposit.userId);
    }
    const after = await creditDeposit(tx, deposit, deps.promotions, stamp);
    await tx.update(deposits).set({ balanceAfterCents: after }).where(eq(deposits.id, deposit.id));
    return after;
  });
  realtime.toUser(deposit.userId, SERVER_EVENTS.walletUpdated, { balanceCents });
  await deps.onDeposited?.(deposit.userId);
  return succeededResult(deposit, balanceCents);
}
