import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { PeriodFigures } from '@shared/reader-dashboard';
import { keysOf, recordOf } from '@shared/records';
import type { DbOrTx } from '../../db/client';
import { readerProfiles, readingSessions } from '../../db/schema';
import { earningsSince } from './reader-income';

/**
 * Only completed readings count (decision 013). `reader_earnings_cents` is the reader's share of what was
 * charged, and a refund sets it to zero as it takes the share back out of escrow (billing.ts), so
 * summing it counts a refunded reading as a reading that earned nothing.
 */
export const completedBy = (readerId: string) =>
  and(eq(readingSessions.readerId, readerId), eq(readingSessions.status, 'completed'));

const oneDecimal = (value: number) => Math.round(value * 10) / 10;

type Aggregates = { sessions: number; ratingSum: number; reviewCount: number };

function periodAggregates(since: Date | null): Record<keyof Aggregates, SQL<number>> {
  const inPeriod = since ? sql`${readingSessions.endedAt} >= ${since.toISOString()}` : sql`true`;
  return {
    sessions: sql<number>`(count(*) filter (where ${inPeriod}))::int`,
    ratingSum: sql<number>`coalesce(sum(${readingSessions.rating}) filter (where ${inPeriod}), 0)::int`,
    reviewCount: sql<number>`(count(${readingSessions.rating}) filter (where ${inPeriod}))::int`,
  };
}

function toFigures(earningsCents: number, row: Aggregates): PeriodFigures {
  return {
    earningsCents,
    sessions: row.sessions,
    averageRating: row.reviewCount === 0 ? null : oneDecimal(row.ratingSum / row.reviewCount),
    reviewCount: row.reviewCount,
  };
}

/**
 * Earnings, readings and ratings since each given start (null: ever). Earnings are every source
 * of reader-income.ts paid in the period; readings and ratings count completed readings by their end.
 */
export async function figuresSince<K extends string>(
  db: DbOrTx,
  readerId: string,
  starts: Record<K, Date | null>,
): Promise<Record<K, PeriodFigures>> {
  const keys = keysOf(starts);
  const earnings = await earningsSince(db, readerId, starts);
  // One pass over the reader's readings: each period is a set of FILTERed aggregates, suffixed by its index.
  const columns: Record<string, SQL<number>> = {};
  keys.forEach((key, index) => {
    for (const [name, column] of Object.entries(periodAggregates(starts[key]))) columns[`${name}_${index}`] = column;
  });
  const [row] = await db.select(columns).from(readingSessions).where(completedBy(readerId));
  const values: Record<string, number> = row ?? {};
  return recordOf(keys, (key, index) =>
    toFigures(earnings[key], {
      sessions: values[`sessions_${index}`]!,
      ratingSum: values[`ratingSum_${index}`]!,
      reviewCount: values[`reviewCount_${index}`]!,
    }),
  );
}

export async function readerTimeZone(db: DbOrTx, readerId: string): Promise<string | null> {
  const [row] = await db
    .select({ timeZone: readerProfiles.timeZone })
    .from(readerProfiles)
    .where(eq(readerProfiles.userId, readerId));
  return row?.timeZone ?? null;
}
