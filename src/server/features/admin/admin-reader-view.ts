import { eq, sql } from 'drizzle-orm';
import type { AdminReader } from '@shared/admin';
import type { DbOrTx } from '../../db/client';
import { readerProfiles, readingSessions, user } from '../../db/schema';
import { notFound } from '../../errors';
import { readerColumns, toReader } from '../readers';

/**
 * Readers with what only an admin sees: the account state and lifetime earnings. Sessions, rating
 * and earnings are counted from the completed readings themselves, not the profile's running
 * counters (which demo data seeds with made-up totals). A refund zeroes its reading's
 * reader_earnings_cents (sessions/billing.ts), so the earnings sum is net.
 */
export function selectAdminReaders(db: DbOrTx) {
  const earnings = db
    .select({
      readerId: readingSessions.readerId,
      totalCents: sql<number>`sum(${readingSessions.readerEarningsCents})::bigint`.as('earned_cents'),
      sessions: sql<number>`count(*)::int`.as('completed_count'),
      ratingSum: sql<number>`coalesce(sum(${readingSessions.rating}), 0)::int`.as('completed_rating_sum'),
      ratingCount: sql<number>`count(${readingSessions.rating})::int`.as('completed_rating_count'),
    })
    .from(readingSessions)
    .where(eq(readingSessions.status, 'completed'))
    .groupBy(readingSessions.readerId)
    .as('earnings');
  return db
    .select({
      ...readerColumns,
      suspendedAt: user.suspendedAt,
      totalEarningsCents: earnings.totalCents,
      completedSessions: sql<number>`coalesce(${earnings.sessions}, 0)`,
      ratingSum: sql<number>`coalesce(${earnings.ratingSum}, 0)`,
      ratingCount: sql<number>`coalesce(${earnings.ratingCount}, 0)`,
    })
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
