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

/** Takes money from an account; a wallet that cannot cover it is left alone and the caller told. */
async function debit(tx: Tx, accountId: string, amountCents: number) {
  const debited = await tx
    .update(ledgerAccounts)
    .set({ balanceCents: sql`${ledgerAccounts.balanceCents} - ${amountCents}` })
    .where(and(eq(ledgerAccounts.id, accountId), sql`(${ledgerAccounts.kind} <> 'wallet' or ${ledgerAccounts.balanceCents} >= ${amountCents})`))
    .returning({ id: ledgerAccounts.id });
  if (debited.length === 0) throw new InsufficientFundsError(accountId);
}

async function credit(tx: Tx, accountId: string, amountCents: number) {
  const credited = await tx
    .update(ledgerAccounts)
    .set({ balanceCents: sql`${ledgerAccounts.balanceCents} + ${amountCents}` })
    .where(eq(ledgerAccounts.id, accountId))
    .returning({ id: ledgerAccounts.id });
  if (credited.length === 0) throw new Error(`ledger account ${accountId} does not exist`);
}

function assertMovable(debitAccountId: string, creditAccountId: string, amountCents: number) {
  if (!Number.isSafeInteger(amountCents) || amountCents <= 0) {
    throw new RangeError(`transfer amount must be a positive whole number of cents, got ${amountCents}`);
  }
  if (debitAccountId === creditAccountId) throw new RangeError('transfer needs two distinct accounts');
}

/**
 * The one way money moves. Must run inside a transaction: it records the transfer, then moves the
 * balances. A debit that would take a wallet below zero throws InsufficientFundsError, and the
 * caller's transaction rolls back whole. Accounts are updated (so row-locked) in the ledger's lock
 * order (compareLockOrder). A transaction that makes several transfers should take all their
 * locks up front with lockAccounts: the order holds per statement, and only an up-front lock makes
 * it hold for the whole transaction (a later transfer could otherwise lock a wallet while holding
 * a system account, and deadlock against a charge).
 *
 * Replaying a key returns the first transfer and moves nothing; replaying it for a different
 * movement (accounts, amount or kind) is a conflict, never a silent success.
 */
export async function transfer(tx: Tx, input: TransferInput): Promise<TransferResult> {
  const { debitAccountId, creditAccountId, amountCents } = input;
  assertMovable(debitAccountId, creditAccountId, amountCents);

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
    if (accountId === debitAccountId) await debit(tx, accountId, amountCents);
    else await credit(tx, accountId, amountCents);
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

export interface SplitChargeResult {
  created: boolean;
  readerCents: number;
  platformCents: number;
  /** Both wallets after the charge (as they stand, for a replay), read under the lock. */
  payerBalanceCents: number;
  readerBalanceCents: number;
}

/**
 * Charges a payer and shares the charge: the reader gets floor(70%), the platform the rest, as two
 * transfers (legs) recorded in the caller's transaction; a zero-cent leg (1-cent charges) is
 * skipped, not recorded. Both wallets are locked first, in the ledger's lock order, and the revenue
 * account last, so concurrent charges queue on the payer's row instead of deadlocking, and the
 * revenue row every charge shares is held only for the final statement. The payer is debited once
 * for the whole charge: five statements in all, which is what bounds throughput on hot rows.
 */
export async function chargeWithSplit(tx: Tx, input: SplitChargeInput): Promise<SplitChargeResult> {
  const { amountCents } = input;
  const { readerCents, platformCents } = splitCharge(amountCents);
  const payer = walletAccountId(input.payerUserId);
  const reader = walletAccountId(input.readerUserId);
  assertMovable(payer, reader, amountCents);
  const legs = [
    { creditAccountId: reader, amountCents: readerCents, idempotencyKey: `${input.idempotencyKey}${SPLIT_LEG_SUFFIX.reader}` },
    { creditAccountId: SYSTEM_ACCOUNTS.revenue, amountCents: platformCents, idempotencyKey: `${input.idempotencyKey}${SPLIT_LEG_SUFFIX.platform}` },
  ].filter((leg) => leg.amountCents > 0);

  const balances = await lockAccounts(tx, [payer, reader]);
  const payerBalanceCents = balances.get(payer) ?? 0;
  const readerBalanceCents = balances.get(reader) ?? 0;
  const unchanged = { created: false, readerCents, platformCents, payerBalanceCents, readerBalanceCents };
  /** A replay moves nothing; the same key for another charge is a conflict, never a success. */
  const replay = async () => {
    const found = await tx
      .select()
      .from(ledgerTransfers)
      .where(inArray(ledgerTransfers.idempotencyKey, legs.map((leg) => leg.idempotencyKey)));
    if (found.length === 0) return null;
    const isSameCharge =
      found.length === legs.length &&
      legs.every((leg) =>
        found.some(
          (t) => t.idempotencyKey === leg.idempotencyKey && t.debitAccountId === payer && t.creditAccountId === leg.creditAccountId && Number(t.amountCents) === leg.amountCents,
        ),
      );
    if (!isSameCharge) throw new IdempotencyConflictError(input.idempotencyKey);
    return unchanged;
  };
  if (payerBalanceCents < amountCents) {
    // A replay is answered as one even when the payer has since run out: it was paid back then.
    const replayed = await replay();
    if (replayed) return replayed;
    throw new InsufficientFundsError(payer);
  }
  const inserted = await tx
    .insert(ledgerTransfers)
    .values(legs.map((leg) => ({ ...leg, debitAccountId: payer, kind: input.kind, reference: input.reference })))
    .onConflictDoNothing({ target: ledgerTransfers.idempotencyKey })
    .returning({ id: ledgerTransfers.id });
  if (inserted.length === 0) {
    const replayed = await replay();
    if (replayed) return replayed;
  }
  // Legs are only ever written together: finding some but not all means the key is someone else's.
  if (inserted.length !== legs.length) throw new IdempotencyConflictError(input.idempotencyKey);
  await debit(tx, payer, amountCents);
  for (const leg of legs) await credit(tx, leg.creditAccountId, leg.amountCents);
  return { ...unchanged, created: true, payerBalanceCents: payerBalanceCents - amountCents, readerBalanceCents: readerBalanceCents + readerCents };
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
