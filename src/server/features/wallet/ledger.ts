import { splitCharge } from '@shared/money';
import { TRANSACTION_KINDS } from '@shared/wallet';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { queryRows } from '../../db/query-rows';
import { ledgerAccounts, ledgerTransfers } from '../../db/schema';
import { ledgerChargeSeconds, ledgerChargeWrites } from '../../metrics/process-metrics';
import { AppError } from '../../errors';

/** The platform's own accounts (created by migration 0001). Revenue is apart: it has shards. */
export const SYSTEM_ACCOUNTS = {
  external: 'external:payments',
  payoutsPending: 'payouts:pending',
} as const;

/**
 * A user's disputes account (docs/decisions/039): what a lost dispute or a card refund took beyond
 * what their wallet held. It may go below zero (the person owes it); opened when first needed.
 */
export const disputesAccountId = (userId: string) => `disputes:${userId}`;

/**
 * The platform's revenue is held in REVENUE_SHARD_COUNT accounts of kind 'revenue' (migrations 0001
 * and 0018, docs/decisions/031): every charge credits one and keeps its row locked until it
 * commits, so with one account every charge on PostgreSQL queued on that row. A payer's charges
 * always go to the same shard: they queue on the payer's wallet anyway, so they add no wait there.
 * The revenue is the sum over the shards; a refund takes a share back from the shard it went to.
 */
export const REVENUE_SHARD_COUNT = 16;
export const REVENUE_ACCOUNT_IDS: readonly string[] = Array.from({ length: REVENUE_SHARD_COUNT }, (_, shard) =>
  shard === 0 ? 'platform:revenue' : `platform:revenue:${shard}`,
);
const revenueAccountIds = new Set(REVENUE_ACCOUNT_IDS);
export const isRevenueAccount = (accountId: string) => revenueAccountIds.has(accountId);

/** The revenue shard of a payer's charges: FNV-1a of the user id, so every process picks the same. */
export function revenueAccountFor(payerUserId: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < payerUserId.length; i++) hash = Math.imul(hash ^ payerUserId.charCodeAt(i), 0x01000193);
  return REVENUE_ACCOUNT_IDS[(hash >>> 0) % REVENUE_SHARD_COUNT]!;
}

export const TRANSFER_KINDS = TRANSACTION_KINDS;
export type TransferKind = (typeof TRANSFER_KINDS)[number];

/**
 * Every user has three accounts (docs/decisions/009): the wallet (deposits, spending), escrow (a
 * reader's shares of readings that can still be refunded) and earnings (earned and final: the only
 * money a payout may take). Listed in lock order.
 */
const USER_ACCOUNT_PREFIXES = ['wallet:', 'escrow:', 'earnings:'] as const;
export const walletAccountId = (userId: string) => `wallet:${userId}`;
export const escrowAccountId = (userId: string) => `escrow:${userId}`;
export const earningsAccountId = (userId: string) => `earnings:${userId}`;
/**
 * Money a client has put aside (a written question's price) and cannot spend: hold.ts moves it in
 * and out (docs/decisions/046). Not a user prefix of the lock order: it ranks with the system
 * accounts (by id, 'hold:' before 'platform:'), as ledger_charge_split_many's ORDER BY ranks it.
 */
export const holdAccountId = (userId: string) => `hold:${userId}`;

const lockRank = (accountId: string) => {
  const rank = USER_ACCOUNT_PREFIXES.findIndex((prefix) => accountId.startsWith(prefix));
  return rank === -1 ? USER_ACCOUNT_PREFIXES.length : rank;
};
/** compareLockOrder in SQL; ids compare bytewise ("C") as JavaScript's `<` does. */
const lockOrderSql = [
  sql`case ${ledgerAccounts.kind} when 'wallet' then 0 when 'escrow' then 1 when 'earnings' then 2 else 3 end`,
  sql`${ledgerAccounts.id} collate "C"`,
];

/**
 * The one order in which any transaction locks ledger accounts: user accounts first (all wallets
 * by id, then escrows, then earnings), then the system accounts (by id). A common order means two
 * transactions can never wait on each other in a cycle (no deadlock). Wallet before escrow before
 * earnings is the order a reading takes them: a charge locks the client's wallet and the reader's
 * escrow, and a reading that ends because the client cannot pay then releases that escrow into
 * earnings in the same transaction. The system accounts, which nearly every transfer touches
 * (revenue for each charge, external for each deposit), are locked last so each transaction holds
 * them only for its final statements.
 */
export function compareLockOrder(a: string, b: string): number {
  return lockRank(a) - lockRank(b) || (a < b ? -1 : a > b ? 1 : 0);
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

/**
 * Opens a new user's accounts: the wallet, and the escrow and earnings a reader's shares pass
 * through. Every user gets all three, so no role or later feature (gifts) meets a missing account.
 */
export async function createWallet(db: DbOrTx, userId: string) {
  await db
    .insert(ledgerAccounts)
    .values([
      { id: walletAccountId(userId), kind: 'wallet', userId },
      { id: escrowAccountId(userId), kind: 'escrow', userId },
      { id: earningsAccountId(userId), kind: 'earnings', userId },
    ])
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
 * Takes money from an account; one that cannot cover it is left alone and the caller told. Only
 * external:payments, where deposits come from and payouts go, may go below zero (DESIGN.md 'Money'),
 * a user's disputes: account, which carries what a chargeback took beyond their wallet (039), and
 * marketing:promotions, which pays for promotional credit (066).
 */
async function debit(tx: Tx, accountId: string, amountCents: number) {
  const debited = await tx
    .update(ledgerAccounts)
    .set({ balanceCents: sql`${ledgerAccounts.balanceCents} - ${amountCents}` })
    .where(
      and(
        eq(ledgerAccounts.id, accountId),
        sql`(${ledgerAccounts.kind} in ('external', 'disputes', 'marketing') or ${ledgerAccounts.balanceCents} >= ${amountCents})`,
      ),
    )
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
 * balances. A debit that would take an account below zero throws InsufficientFundsError, and the
 * caller's transaction rolls back whole. Accounts are updated (so row-locked) in the ledger's lock
 * order (compareLockOrder). A transaction that makes several transfers should take all their
 * locks up front with lockAccounts: the order holds per statement, and only an up-front lock makes
 * it hold for the whole transaction (a later transfer could otherwise lock a user account while
 * holding a system account, and deadlock against a charge).
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
    const [existing] = await tx
      .select()
      .from(ledgerTransfers)
      .where(eq(ledgerTransfers.idempotencyKey, input.idempotencyKey));
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
    .orderBy(...lockOrderSql)
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
  /** The reader's part when the caller splits on more than this charge (a reading's total); floor(70%) otherwise. */
  readerCents?: number;
  /**
   * Where the reader's part goes: escrow (the default) while the charge can still be refunded, as a
   * reading's minute can; earnings when nothing can take it back (a gift), so a payout may take it at once.
   */
  readerAccount?: 'escrow' | 'earnings';
  /** Where the payer pays from: their wallet (the default) or their hold (hold.ts chargeFromHold). */
  payerAccount?: 'wallet' | 'hold';
}

export interface SplitChargeResult {
  created: boolean;
  readerCents: number;
  platformCents: number;
  /** The payer's wallet after the charge (as it stands, for a replay), read under the lock. */
  payerBalanceCents: number;
}

/** A charge of chargeManyWithSplit: paid (now, or before: a replay), or refused for want of funds. */
export type SplitChargeOutcome =
  | ({ refused: false } & SplitChargeResult)
  | { refused: true; payerBalanceCents: number };

const payerAccountOf = (input: SplitChargeInput) =>
  input.payerAccount === 'hold' ? holdAccountId(input.payerUserId) : walletAccountId(input.payerUserId);
const readerAccountOf = (input: SplitChargeInput) =>
  input.readerAccount === 'earnings' ? earningsAccountId(input.readerUserId) : escrowAccountId(input.readerUserId);
/** The user accounts a split charge moves money between (the revenue shard aside): its payer's and its reader's. */
export const chargeAccountsOf = (input: SplitChargeInput) => [payerAccountOf(input), readerAccountOf(input)];

/**
 * Charges a payer and shares the charge: the reader gets floor(70%), the platform the rest, as two
 * transfers (legs) recorded in the caller's transaction; a zero-cent leg (1-cent charges) is
 * skipped, not recorded. The reader's leg goes to their escrow, where it stays while the charge
 * can still be refunded; releaseHeldShare moves it to their earnings. A charge that is final when
 * made (readerAccount 'earnings') credits the earnings directly. The payer is debited once for the
 * whole charge. Throws InsufficientFundsError when the payer cannot cover it.
 */
export async function chargeWithSplit(tx: Tx, input: SplitChargeInput): Promise<SplitChargeResult> {
  const [outcome] = await chargeManyWithSplit(tx, [input]);
  if (!outcome || outcome.refused) throw new InsufficientFundsError(payerAccountOf(input));
  const { refused: _, ...result } = outcome;
  return result;
}

/**
 * Makes several split charges (chargeWithSplit's rules, each charge on its own) with one call of
 * the database function ledger_charge_split_many (migration 0020, which replaced 0019's body;
 * docs/decisions/032), so a caller with many charges to make pays one round trip for all. Every
 * account of every charge is locked first, in the ledger's lock order (payers' wallets and readers'
 * accounts, then the revenue shards last), so concurrent lists queue instead of deadlocking.
 * Charges are made in the given order, each from the payer's balance as the charges before it left
 * it; one the payer cannot cover is refused and leaves the others. A replay is answered as paid; a
 * key already used for another movement throws IdempotencyConflictError, for the caller's
 * transaction to roll back. A second statement runs only when some charge wrote nothing (a replay,
 * a conflict or a refusal).
 */
export async function chargeManyWithSplit(tx: Tx, inputs: SplitChargeInput[]): Promise<SplitChargeOutcome[]> {
  if (inputs.length === 0) return [];
  const charges = inputs.map((input, ord) => {
    const { amountCents } = input;
    const { readerCents, platformCents } =
      input.readerCents === undefined
        ? splitCharge(amountCents)
        : { readerCents: input.readerCents, platformCents: amountCents - input.readerCents };
    if (!Number.isSafeInteger(readerCents) || readerCents < 0 || platformCents < 0)
      throw new RangeError(`readerCents must be a whole part of the charge, got ${readerCents}`);
    const payer = payerAccountOf(input);
    const reader = readerAccountOf(input);
    assertMovable(payer, reader, amountCents);
    const revenue = revenueAccountFor(input.payerUserId);
    const readerKey = `${input.idempotencyKey}${SPLIT_LEG_SUFFIX.reader}`;
    const platformKey = `${input.idempotencyKey}${SPLIT_LEG_SUFFIX.platform}`;
    const legs = [
      { creditAccountId: reader, amountCents: readerCents, idempotencyKey: readerKey },
      { creditAccountId: revenue, amountCents: platformCents, idempotencyKey: platformKey },
    ].filter((leg) => leg.amountCents > 0);
    const row = {
      ord,
      payer,
      reader,
      revenue,
      reader_cents: readerCents,
      platform_cents: platformCents,
      kind: input.kind,
      reference: input.reference,
      reader_key: readerKey,
      platform_key: platformKey,
    };
    return { input, row, legs, readerCents, platformCents };
  });

  const timer = ledgerChargeSeconds.startTimer();
  const written = await queryRows<{ ord: number; payer_balance: string | null; inserted: number; moved: number }>(
    tx,
    sql`
    select ord, payer_balance::text as payer_balance, inserted, moved
    from ledger_charge_split_many(${JSON.stringify(charges.map((charge) => charge.row))}::jsonb)`,
  );
  timer();
  const answers = new Map(written.map((row) => [Number(row.ord), row]));
  // Legs of charges that wrote nothing, read once for all of them to tell a replay from a conflict.
  const unwritten = charges.filter((_, ord) => Number(answers.get(ord)?.inserted ?? 0) === 0);
  const found =
    unwritten.length === 0
      ? []
      : await tx
          .select()
          .from(ledgerTransfers)
          .where(
            inArray(
              ledgerTransfers.idempotencyKey,
              unwritten.flatMap((charge) => charge.legs.map((leg) => leg.idempotencyKey)),
            ),
          );

  return charges.map(({ input, row, legs, readerCents, platformCents }, ord): SplitChargeOutcome => {
    const answer = answers.get(ord);
    const payerBalanceCents = Number(answer?.payer_balance ?? 0);
    const inserted = Number(answer?.inserted ?? 0);
    const moved = Number(answer?.moved ?? 0);
    const unchanged = { refused: false as const, created: false, readerCents, platformCents, payerBalanceCents };
    if (inserted === 0) {
      // Nothing was written: a replay (answered as one even when the payer has since run out, since
      // it was paid back then), the same key for another charge (a conflict, never a success), or a
      // payer who cannot cover the charge.
      const mine = found.filter((t) => legs.some((leg) => leg.idempotencyKey === t.idempotencyKey));
      const isSameCharge =
        mine.length === legs.length &&
        legs.every((leg) =>
          mine.some(
            (t) =>
              t.idempotencyKey === leg.idempotencyKey &&
              t.debitAccountId === row.payer &&
              t.creditAccountId === leg.creditAccountId &&
              Number(t.amountCents) === leg.amountCents,
          ),
        );
      if (isSameCharge) return unchanged;
      if (mine.length > 0) throw new IdempotencyConflictError(input.idempotencyKey);
      if (payerBalanceCents < input.amountCents) return { refused: true, payerBalanceCents };
    }
    // Legs are only ever written together: finding some but not all means the key is someone else's.
    if (inserted !== legs.length) throw new IdempotencyConflictError(input.idempotencyKey);
    if (moved !== legs.length + 1) throw new Error(`a ledger account of charge ${input.idempotencyKey} does not exist`);
    ledgerChargeWrites.inc({ kind: input.kind });
    return { ...unchanged, created: true, payerBalanceCents: payerBalanceCents - input.amountCents };
  });
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

/** What one account holds for one reference (a reading, a held question): its credits less its debits under that reference. */
export async function netForReference(tx: Tx, accountId: string, reference: string): Promise<number> {
  const [row] = await tx
    .select({
      heldCents: sql<string>`coalesce(sum(case when ${ledgerTransfers.creditAccountId} = ${accountId} then ${ledgerTransfers.amountCents} else -${ledgerTransfers.amountCents} end), 0)::text`,
    })
    .from(ledgerTransfers)
    .where(
      and(
        eq(ledgerTransfers.reference, reference),
        sql`${accountId} in (${ledgerTransfers.creditAccountId}, ${ledgerTransfers.debitAccountId})`,
      ),
    );
  return Number(row?.heldCents ?? 0);
}

/**
 * A reading can no longer be refunded: its share moves from the reader's escrow to their earnings,
 * where a payout may take it. Computed from the ledger, so it releases exactly what the reading's
 * charges put in, and a second call releases nothing. Returns the cents released.
 */
export async function releaseHeldShare(tx: Tx, input: { readerUserId: string; reference: string }): Promise<number> {
  const escrow = escrowAccountId(input.readerUserId);
  const earnings = earningsAccountId(input.readerUserId);
  await lockAccounts(tx, [escrow, earnings]);
  const heldCents = await netForReference(tx, escrow, input.reference);
  if (heldCents <= 0) return 0;
  await transfer(tx, {
    debitAccountId: escrow,
    creditAccountId: earnings,
    amountCents: heldCents,
    kind: 'earnings_release',
    reference: input.reference,
    idempotencyKey: `${input.reference}:release`,
  });
  return heldCents;
}

export interface EarningsBalances {
  /** Earned and final: what a payout may take. */
  availableCents: number;
  /** Shares of readings still open (still refundable). */
  heldCents: number;
}

export async function getEarnings(db: DbOrTx, userId: string): Promise<EarningsBalances> {
  const { availableCents, heldCents } = await getUserBalances(db, userId);
  return { availableCents, heldCents };
}

/** A user's accounts in one read: the wallet, its hold, and the earnings, available and held. */
export async function getUserBalances(
  db: DbOrTx,
  userId: string,
): Promise<EarningsBalances & { walletCents: number; onHoldCents: number }> {
  const balances = await getBalances(db, [
    walletAccountId(userId),
    holdAccountId(userId),
    earningsAccountId(userId),
    escrowAccountId(userId),
  ]);
  return {
    walletCents: balances.get(walletAccountId(userId)) ?? 0,
    onHoldCents: balances.get(holdAccountId(userId)) ?? 0,
    availableCents: balances.get(earningsAccountId(userId)) ?? 0,
    heldCents: balances.get(escrowAccountId(userId)) ?? 0,
  };
}
