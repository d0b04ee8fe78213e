import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { splitCharge } from '@shared/money';
import { TRANSACTION_KINDS } from '@shared/wallet';
import { AppError } from '../../errors';
import type { DbOrTx, Tx } from '../../db/client';
import { ledgerAccounts, ledgerTransfers } from '../../db/schema';

/** The platform's own accounts (created by migration 0001). */
export const SYSTEM_ACCOUNTS = {
  revenue: 'platform:revenue',
  external: 'external:payments',
  payoutsPending: 'payouts:pending',
} as const;

export const TRANSFER_KINDS = TRANSACTION_KINDS;
export type TransferKind = (typeof TRANSFER_KINDS)[number];

const WALLET_PREFIX = 'wallet:';
export const walletAccountId = (userId: string) => `${WALLET_PREFIX}${userId}`;
const isWalletAccount = (accountId: string) => accountId.startsWith(WALLET_PREFIX);

/**
 * The one order in which any transaction locks ledger accounts: user wallets first (by id), then
 * the system accounts (by id). A common order means two transactions can never wait on each other
 * in a cycle (no deadlock), and the system accounts, which nearly every transfer touches (revenue
 * for each charge, external for each deposit), are locked last so each transaction holds them only
 * for its final statements.
 */
export function compareLockOrder(a: string, b: string): number {
  const aIsSystem = isWalletAccount(a) ? 0 : 1;
  const bIsSystem = isWalletAccount(b) ? 0 : 1;
  return aIsSystem - bIsSystem || (a < b ? -1 : a > b ? 1 : 0);
}

export class InsufficientFundsError extends AppError {
  constructor(readonly accountId: string) {
    super('INSUFFICIENT_FUNDS', 'Insufficient balance. Please add funds to your wallet.');
  }
}

/** A key reused for a different movement: the caller has a bug or is replaying another request. */
export class IdempotencyConflictError extends AppError {
  constructor(readonly idempotencyKey: string) {
    super('CONFLICT', 'This idempotency key was already used for a different transfer');
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
 * caller's transaction rolls back whole. Accounts are updated (so row-locked) in the ledger's lock
 * order (compareLockOrder). A transaction that moves money between more than two accounts should
 * take its locks up front with lockAccounts, so its later transfers cannot lock out of order.
 *
 * Replaying a key returns the first transfer and moves nothing; replaying it for a different
 * movement (accounts, amount or kind) is a conflict, never a silent success.
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
    const [existing] = await tx.select().from(ledgerTransfers).where(eq(ledgerTransfers.idempotencyKey, input.idempotencyKey));
    if (!existing) throw new Error(`idempotency key ${input.idempotencyKey} vanished`);
    const isSameMovement =
      existing.debitAccountId === debitAccountId &&
      existing.creditAccountId === creditAccountId &&
      Number(existing.amountCents) === amountCents &&
      existing.kind === input.kind;
    if (!isSameMovement) throw new IdempotencyConflictError(input.idempotencyKey);
    return { id: existing.id, created: false };
  }

  for (const accountId of [debitAccountId, creditAccountId].sort(compareLockOrder)) {
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

/**
 * Locks accounts (SELECT … FOR UPDATE) in the ledger's lock order and returns their balances, so a
 * caller can decide on a balance no one else can change before it commits. Missing accounts are
 * absent from the map.
 */
export async function lockAccounts(tx: Tx, accountIds: string[]): Promise<Map<string, number>> {
  const ids = [...new Set(accountIds)].sort(compareLockOrder);
  if (ids.length === 0) return new Map();
  // Postgres takes row locks in the order rows leave the sort, so this is compareLockOrder's order.
  const rows = await tx
    .select({ id: ledgerAccounts.id, balanceCents: ledgerAccounts.balanceCents })
    .from(ledgerAccounts)
    .where(inArray(ledgerAccounts.id, ids))
    .orderBy(sql`${ledgerAccounts.kind} <> 'wallet'`, asc(ledgerAccounts.id))
    .for('update');
  return new Map(rows.map((r) => [r.id, Number(r.balanceCents)]));
}

/** A split charge's two transfers are keyed `<charge key>:reader` and `<charge key>:platform`. */
export const SPLIT_LEG_SUFFIX = { reader: ':reader', platform: ':platform' } as const;

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
 * Both wallets are locked first, in the ledger's lock order, then the revenue account by the second
 * leg: concurrent charges queue on the payer's row instead of deadlocking.
 */
export interface SplitChargeResult {
  created: boolean;
  readerCents: number;
  platformCents: number;
  /** Both wallets after the charge (as they stand, for a replay), read under the lock. */
  payerBalanceCents: number;
  readerBalanceCents: number;
}

export async function chargeWithSplit(tx: Tx, input: SplitChargeInput): Promise<SplitChargeResult> {
  const { readerCents, platformCents } = splitCharge(input.amountCents);
  const payer = walletAccountId(input.payerUserId);
  const reader = walletAccountId(input.readerUserId);
  const balances = await lockAccounts(tx, [payer, reader]);
  const legs = [
    { credit: reader, amountCents: readerCents, suffix: SPLIT_LEG_SUFFIX.reader },
    { credit: SYSTEM_ACCOUNTS.revenue, amountCents: platformCents, suffix: SPLIT_LEG_SUFFIX.platform },
  ].filter((leg) => leg.amountCents > 0);
  // A replay is answered before the balance check, so a retried charge never reads as unpaid.
  const [firstLeg] = legs;
  if (firstLeg) {
    const [seen] = await tx
      .select({ id: ledgerTransfers.id })
      .from(ledgerTransfers)
      .where(eq(ledgerTransfers.idempotencyKey, `${input.idempotencyKey}${firstLeg.suffix}`));
    if (seen) return { created: false, readerCents, platformCents, payerBalanceCents: balances.get(payer) ?? 0, readerBalanceCents: balances.get(reader) ?? 0 };
  }
  // Check the whole amount first so a charge is never half-paid.
  if ((balances.get(payer) ?? 0) < input.amountCents) throw new InsufficientFundsError(payer);
  let created = false;
  for (const leg of legs) {
    const result = await transfer(tx, {
      debitAccountId: payer,
      creditAccountId: leg.credit,
      amountCents: leg.amountCents,
      kind: input.kind,
      reference: input.reference,
      idempotencyKey: `${input.idempotencyKey}${leg.suffix}`,
    });
    created ||= result.created;
  }
  return {
    created,
    readerCents,
    platformCents,
    payerBalanceCents: (balances.get(payer) ?? 0) - input.amountCents,
    readerBalanceCents: (balances.get(reader) ?? 0) + readerCents,
  };
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
