import { eq, sql } from 'drizzle-orm';
import type { AdminReader } from '@shared/admin';
import type { DbOrTx } from '../../db/client';
import { readerProfiles, readingSessions, user } from '../../db/schema';
import { notFound } from '../../errors';
import { readerColumns, toReader } from '../readers/reader-view';

/**
 * Readers with what only an admin sees: the account state and lifetime earnings. A refund zeroes its
 * reading's reader_earnings_cents (sessions/billing.ts), so the sum over completed readings is net.
 */
export function selectAdminReaders(db: DbOrTx) {
  const earnings = db
    .select({
      readerId: readingSessions.readerId,
      totalCents: sql<number>`sum(${readingSessions.readerEarningsCents})::bigint`.as('total_cents'),
    })
    .from(readingSessions)
    .where(eq(readingSessions.status, 'completed'))
    .groupBy(readingSessions.readerId)
    .as('earnings');
  return db
    .select({ ...readerColumns, suspendedAt: user.suspendedAt, totalEarningsCents: earnings.totalCents })
    .from(readerProfiles)
    .innerJoin(user, eq(user.id, readerProfiles.userId))
    .leftJoin(earnings, eq(earnings.readerId, readerProfiles.userId));
}

type AdminReaderRow = Awaited<ReturnType<typeof selectAdminReaders>>[number];

export function toAdminReader(row: AdminReaderRow): AdminReader {
  return {
    ...toReader(row),
    email: row.email,
    totalEarningsCents: Number(row.totalEarningsCents ?? 0),
    deactivated: row.suspendedAt !== null,
  };
}

export async function loadAdminReader(db: DbOrTx, readerId: string): Promise<AdminReader> {
  const [row] = await selectAdminReaders(db).where(eq(readerProfiles.userId, readerId));
  if (!row) throw notFound('Reader not found');
  return toAdminReader(row);
}
