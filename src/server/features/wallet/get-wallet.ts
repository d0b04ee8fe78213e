import { and, desc, eq, lt, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Wallet, WalletQuery, WalletTransaction } from '@shared/wallet';
import type { DbOrTx } from '../../db/client';
import { ledgerAccounts, ledgerTransfers, user } from '../../db/schema';
import { getUserBalances, SPLIT_LEG_SUFFIX, type TransferKind, walletAccountId } from './ledger';

const PLATFORM_NAME = 'Soul Tribe';

interface TransactionRow {
  id: number;
  kind: string;
  amountCents: number;
  isIncoming: boolean;
  reference: string | null;
  createdAt: Date;
  otherKind: string;
  otherUserId: string | null;
  otherName: string | null;
  otherRole: string | null;
}

/** Who the money went to or came from, as the wallet's owner should read it. */
function counterpartOf(row: TransactionRow): WalletTransaction['counterpart'] {
  const separator = row.reference?.indexOf(':') ?? -1;
  const referenceType = separator > 0 ? row.reference!.slice(0, separator) : null;
  const referenceId = separator > 0 ? row.reference!.slice(separator + 1) : undefined;
  const name = row.otherName ?? undefined;
  if (referenceType === 'session') return { type: 'session', id: referenceId, ...(name && { name }) };
  switch (row.otherKind) {
    case 'external':
      return { type: 'payment', ...(referenceType === 'deposit' && { id: referenceId }), name: 'Card payment' };
    case 'payouts_pending':
      return { type: 'payout', ...(referenceType === 'payout' && { id: referenceId }) };
    case 'revenue':
      return { type: 'platform', name: PLATFORM_NAME };
    case 'escrow':
    case 'earnings':
      return { type: 'earnings', name: 'Your earnings' };
    default:
      return { type: row.otherRole === 'reader' ? 'reader' : 'client', ...(row.otherUserId && { id: row.otherUserId }), ...(name && { name }) };
  }
}

/**
 * The signed-in user's wallet balance, earnings (available and held) and wallet transactions,
 * newest first, keyset-paginated by transfer id.
 * A split charge is two transfers (reader's share, platform's share); the payer sees it as one line
 * of the whole amount, keyed by its reader leg, and the platform leg alone only when the reader's
 * share was zero (a 1-cent charge).
 */
export async function getWallet(db: DbOrTx, userId: string, query: WalletQuery): Promise<Wallet> {
  const wallet = walletAccountId(userId);
  const t = ledgerTransfers;
  const platformLeg = alias(ledgerTransfers, 'platform_leg');
  const other = alias(ledgerAccounts, 'other_account');
  const otherUser = alias(user, 'other_user');
  const { reader: readerSuffix, platform: platformSuffix } = SPLIT_LEG_SUFFIX;
  const isPayer = eq(t.debitAccountId, wallet);
  const otherAccountId = sql`case when ${t.debitAccountId} = ${wallet} then ${t.creditAccountId} else ${t.debitAccountId} end`;
  const baseKey = (suffix: string) => sql`left(${t.idempotencyKey}, ${-suffix.length})`;
  const isFoldedPlatformLeg = sql`(${isPayer} and ${t.idempotencyKey} like ${`%${platformSuffix}`} and exists (
    select 1 from ${ledgerTransfers} as reader_leg
    where reader_leg.idempotency_key = ${baseKey(platformSuffix)} || ${readerSuffix} and reader_leg.debit_account_id = ${wallet}))`;

  const rows: TransactionRow[] = await db
    .select({
      id: t.id,
      kind: t.kind,
      amountCents: sql<number>`${t.amountCents} + coalesce(${platformLeg.amountCents}, 0)`.mapWith(Number),
      isIncoming: sql<boolean>`${t.creditAccountId} = ${wallet}`,
      reference: t.reference,
      createdAt: t.createdAt,
      otherKind: other.kind,
      otherUserId: other.userId,
      otherName: otherUser.name,
      otherRole: otherUser.role,
    })
    .from(t)
    .leftJoin(
      platformLeg,
      and(
        isPayer,
        sql`${t.idempotencyKey} like ${`%${readerSuffix}`}`,
        eq(platformLeg.idempotencyKey, sql`${baseKey(readerSuffix)} || ${platformSuffix}`),
        eq(platformLeg.debitAccountId, wallet),
      ),
    )
    .innerJoin(other, eq(other.id, otherAccountId))
    .leftJoin(otherUser, eq(otherUser.id, other.userId))
    .where(
      and(
        or(isPayer, eq(t.creditAccountId, wallet)),
        sql`not ${isFoldedPlatformLeg}`,
        query.cursor ? lt(t.id, Number(query.cursor)) : undefined,
      ),
    )
    .orderBy(desc(t.id))
    .limit(query.limit + 1);

  const page = rows.slice(0, query.limit);
  const transactions = page.map(
    (row): WalletTransaction => ({
      id: String(row.id),
      kind: row.kind as TransferKind,
      amountCents: row.isIncoming ? row.amountCents : -row.amountCents,
      counterpart: counterpartOf(row),
      reference: row.reference,
      createdAt: row.createdAt.toISOString(),
    }),
  );
  const { walletCents, availableCents, heldCents } = await getUserBalances(db, userId);
  return {
    balanceCents: walletCents,
    earnings: { availableCents, heldCents },
    transactions,
    nextCursor: rows.length > query.limit && page.length > 0 ? String(page.at(-1)!.id) : null,
  };
}
