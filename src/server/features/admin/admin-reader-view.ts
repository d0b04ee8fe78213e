import { eq, sql } from 'drizzle-orm';
import type { AdminReader } from '@shared/admin';
import type { DbOrTx } from '../../db/client';
import { readerProfiles, readingSessions, user } from '../../db/schema';
import { notFound } from '../../errors';
import { allTimeEarningsOf, readerColumns, toReader } from '../readers';

/**
 * Readers with what only an admin sees: the account state and lifetime earnings. Sessions and
 * rating are counted from the completed readings themselves, not the profile's running counters
 * (which demo data seeds with made-up totals). Earnings are the reader's own figure, every source
 * of readers/reader-income.ts (decision 040: readings alone left out gifts and sales).
 */
export function selectAdminReaders(db: DbOrTx) {
  const readings = db
    .select({
      readerId: readingSessions.readerId,
      sessions: sql<number>`count(*)::int`.as('completed_count'),
      ratingSum: sql<number>`coalesce(sum(${readingSessions.rating}), 0)::int`.as('completed_rating_sum'),
      ratingCount: sql<number>`count(${readingSessions.rating})::int`.as('completed_rating_count'),
    })
    .from(readingSessions)
    .where(eq(readingSessions.status, 'completed'))
    .groupBy(readingSessions.readerId)
    .as('readings');
  return db
    .select({
      ...readerColumns,
      suspendedAt: user.suspendedAt,
      totalEarningsCents: allTimeEarningsOf(readerProfiles.userId),
      completedSessions: sql<number>`coalesce(${readings.sessions}, 0)`,
      ratingSum: sql<number>`coalesce(${readings.ratingSum}, 0)`,
      ratingCount: sql<number>`coalesce(${readings.ratingCount}, 0)`,
    })
    .from(readerProfiles)
    .innerJoin(user, eq(user.id, readerProfiles.userId))
    .leftJoin(readings, eq(readings.readerId, readerProfiles.userId));
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
