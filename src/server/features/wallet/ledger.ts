import { and, eq, inArray, sql } from 'drizzle-orm';
import { splitCharge } from '@shared/money';
import { AppError } from '../../errors';
import type { DbOrTx, Tx } from '../../db/client';
import { ledgerAccounts, ledgerTransfers } from '../../db/schema';

/** The platform's own accounts (created by migration 0001). */
export const SYSTEM_ACCOUNTS = {
  revenue: 'platform:revenue',
  external: 'external:payments',
  payoutsPending: 'payouts:pending',
} as const;

export const TRANSFER_KINDS = ['deposit', 'session_charge', 'gift', 'purchase', 'refund', 'payout', 'payout_reversal'] as const;
export type TransferKind = (typeof TRANSFER_KINDS)[number];

export const walletAccountId = (userId: string) => `wallet:${userId}`;

export class InsufficientFundsError extends AppError {
  constructor(readonly accountId: string) {
    super('INSUFFICIENT_FUNDS', 'Insufficient balance. Please add funds to your wallet.');
  }
}

export async function createWallet(db: DbOrTx, userId: string) {
  await db
    .insert(ledgerAccounts)
    .values({ id: walletAccountId(userId), kind: 'wallet', userId })
    .onConflictDoNothing({ target: ledgerAccounts.id });
}

export interface TransferInput {
  debitAccountId: string;
  creditAccountId: string;
  amountCents: number;
  kind: TransferKind;
  reference?: string;
  idempotencyKey: string;
}

export interface TransferResult {
  id: number;
  /** False when the idempotency key had been used: the first transfer stands, nothing moved. */
  created: boolean;
}

/**
 * The one way money moves. Must run inside a transaction: it records the transfer, then moves the
 * balances. A debit that would take a wallet below zero throws InsufficientFundsError, and the
 * caller's transaction rolls back whole. Accounts are locked in id order so that two transfers
 * between the same accounts in opposite directions cannot deadlock.
 */
export async function transfer(tx: Tx, input: TransferInput): Promise<TransferResult> {
  const { debitAccountId, creditAccountId, amountCents } = input;
  if (!Number.isSafeInteger(amountCents) || amountCents <= 0) {
    throw new RangeError(`transfer amount must be a positive whole number of cents, got ${amountCents}`);
  }
  if (debitAccountId === creditAccountId) throw new RangeError('transfer needs two distinct accounts');

  const inserted = await tx
    .insert(ledgerTransfers)
    .values({
      debitAccountId,
      creditAccountId,
      amountCents,
      kind: input.kind,
      reference: input.reference ?? null,
      idempotencyKey: input.idempotencyKey,
    })
    .onConflictDoNothing({ target: ledgerTransfers.idempotencyKey })
    .returning({ id: ledgerTransfers.id });
  const row = inserted[0];
  if (!row) {
    const [existing] = await tx
      .select({ id: ledgerTransfers.id })
      .from(ledgerTransfers)
      .where(eq(ledgerTransfers.idempotencyKey, input.idempotencyKey));
    if (!existing) throw new Error(`idempotency key ${input.idempotencyKey} vanished`);
    return { id: existing.id, created: false };
  }

  for (const accountId of [debitAccountId, creditAccountId].sort()) {
    if (accountId === debitAccountId) {
      const debited = await tx
        .update(ledgerAccounts)
        .set({ balanceCents: sql`${ledgerAccounts.balanceCents} - ${amountCents}` })
        .where(
          and(
            eq(ledgerAccounts.id, accountId),
            sql`(${ledgerAccounts.kind} <> 'wallet' or ${ledgerAccounts.balanceCents} >= ${amountCents})`,
          ),
        )
        .returning({ id: ledgerAccounts.id });
      if (debited.length === 0) throw new InsufficientFundsError(accountId);
    } else {
      const credited = await tx
        .update(ledgerAccounts)
        .set({ balanceCents: sql`${ledgerAccounts.balanceCents} + ${amountCents}` })
        .where(eq(ledgerAccounts.id, accountId))
        .returning({ id: ledgerAccounts.id });
      if (credited.length === 0) throw new Error(`ledger account ${accountId} does not exist`);
    }
  }
  return { id: row.id, created: true };
}

export interface SplitChargeInput {
  payerUserId: string;
  readerUserId: string;
  amountCents: number;
  kind: TransferKind;
  reference: string;
  idempotencyKey: string;
}

/**
 * Charges a payer and shares the charge: the reader gets floor(70%), the platform the rest. Both
 * legs are one transaction's work; a zero-cent leg (1-cent charges) is skipped, not recorded.
 */
export async function chargeWithSplit(tx: Tx, input: SplitChargeInput): Promise<{ created: boolean; readerCents: number; platformCents: number }> {
  const { readerCents, platformCents } = splitCharge(input.amountCents);
  const payer = walletAccountId(input.payerUserId);
  // Check the whole amount first so a charge is never half-paid.
  const [balance] = await tx
    .select({ balanceCents: ledgerAccounts.balanceCents })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.id, payer))
    .for('update');
  let created = false;
  const legs = [
    { credit: walletAccountId(input.readerUserId), amountCents: readerCents, suffix: 'reader' },
    { credit: SYSTEM_ACCOUNTS.revenue, amountCents: platformCents, suffix: 'platform' },
  ].filter((leg) => leg.amountCents > 0);
  const [firstLeg] = legs;
  if (firstLeg) {
    const [seen] = await tx
      .select({ id: ledgerTransfers.id })
      .from(ledgerTransfers)
      .where(eq(ledgerTransfers.idempotencyKey, `${input.idempotencyKey}:${firstLeg.suffix}`));
    if (seen) return { created: false, readerCents, platformCents };
  }
  if (!balance || balance.balanceCents < input.amountCents) throw new InsufficientFundsError(payer);
  for (const leg of legs) {
    const result = await transfer(tx, {
      debitAccountId: payer,
      creditAccountId: leg.credit,
      amountCents: leg.amountCents,
      kind: input.kind,
      reference: input.reference,
      idempotencyKey: `${input.idempotencyKey}:${leg.suffix}`,
    });
    created ||= result.created;
  }
  return { created, readerCents, platformCents };
}

export async function getBalances(db: DbOrTx, accountIds: string[]): Promise<Map<string, number>> {
  if (accountIds.length === 0) return new Map();
  const rows = await db
    .select({ id: ledgerAccounts.id, balanceCents: ledgerAccounts.balanceCents })
    .from(ledgerAccounts)
    .where(inArray(ledgerAccounts.id, accountIds));
  return new Map(rows.map((r) => [r.id, Number(r.balanceCents)]));
}

export async function getWalletBalanceCents(db: DbOrTx, userId: string): Promise<number> {
  const balances = await getBalances(db, [walletAccountId(userId)]);
  return balances.get(walletAccountId(userId)) ?? 0;
}
