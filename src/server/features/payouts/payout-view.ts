import { eq } from 'drizzle-orm';
import type { Payout } from '@shared/wallet';
import type { DbOrTx } from '../../db/client';
import { payoutAccounts, payouts, user } from '../../db/schema';
import { notFound } from '../../errors';

export const payoutReference = (payoutId: string) => `payout:${payoutId}`;

export function selectPayouts(db: DbOrTx) {
  return db
    .select({
      id: payouts.id,
      readerId: payouts.readerId,
      readerName: user.name,
      readerEmail: user.email,
      amountCents: payouts.amountCents,
      status: payouts.status,
      createdAt: payouts.createdAt,
      decidedAt: payouts.decidedAt,
      transferId: payouts.transferId,
      failureReason: payouts.failureReason,
      accountStatus: payoutAccounts.status,
    })
    .from(payouts)
    .innerJoin(user, eq(user.id, payouts.readerId))
    .leftJoin(payoutAccounts, eq(payoutAccounts.userId, payouts.readerId))
    .$dynamic();
}

export function toPayout(row: Awaited<ReturnType<typeof selectPayouts>>[number]): Payout {
  return {
    ...row,
    status: row.status,
    accountStatus: row.accountStatus ?? 'none',
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
  };
}

export async function findPayout(db: DbOrTx, payoutId: string): Promise<Payout> {
  const [row] = await selectPayouts(db).where(eq(payouts.id, payoutId));
  if (!row) throw notFound('Payout not found');
  return toPayout(row);
}
