import { and, eq, gte, type SQL, sql } from 'drizzle-orm';
import { READER_SHARE_PERCENT } from '@shared/constants';
import type { PeriodFigures } from '@shared/reader-dashboard';
import type { DbOrTx } from '../../db/client';
import { queryRows } from '../../db/query-rows';
import { liveStreams, readerProfiles, readingSessions, streamGifts, streamJoins } from '../../db/schema';

/**
 * Only completed readings count (issue 8). `reader_earnings_cents` is the reader's share of what was
 * charged, and a refund sets it to zero as it takes the share back out of escrow (billing.ts), so
 * summing it counts a refunded reading as a reading that earned nothing.
 */
export const completedBy = (readerId: string) => and(eq(readingSessions.readerId, readerId), eq(readingSessions.status, 'completed'));

const oneDecimal = (value: number) => Math.round(value * 10) / 10;

type Aggregates = { earningsCents: number; sessions: number; ratingSum: number; reviewCount: number };

function periodAggregates(since: Date | null): Record<keyof Aggregates, SQL<number>> {
  const inPeriod = since ? sql`${readingSessions.endedAt} >= ${since.toISOString()}` : sql`true`;
  return {
    earningsCents: sql<number>`coalesce(sum(${readingSessions.readerEarningsCents}) filter (where ${inPeriod}), 0)::int`,
    sessions: sql<number>`(count(*) filter (where ${inPeriod}))::int`,
    ratingSum: sql<number>`coalesce(sum(${readingSessions.rating}) filter (where ${inPeriod}), 0)::int`,
    reviewCount: sql<number>`(count(${readingSessions.rating}) filter (where ${inPeriod}))::int`,
  };
}

function toFigures(row: Aggregates): PeriodFigures {
  return {
    earningsCents: row.earningsCents,
    sessions: row.sessions,
    averageRating: row.reviewCount === 0 ? null : oneDecimal(row.ratingSum / row.reviewCount),
    reviewCount: row.reviewCount,
  };
}

/**
 * The reader's live-stream income: their share of each gift and of each priced stream's admission,
 * earned and final when paid (docs/decisions/024), so it counts on the day it was paid. A join's
 * share is the ledger's floor(70%) of its price (splitCharge), in integer SQL arithmetic; an
 * admission refunded because the reader left (docs/decisions/034) earned nothing.
 */
function liveIncome(readerId: string) {
  return sql`(
    select g.created_at as at, g.reader_cents as cents
      from ${streamGifts} g join ${liveStreams} s on s.id = g.stream_id
      where s.reader_id = ${readerId}
    union all
    select j.created_at as at, j.paid_cents * ${READER_SHARE_PERCENT} / 100 as cents
      from ${streamJoins} j join ${liveStreams} s on s.id = j.stream_id
      where s.reader_id = ${readerId} and j.paid_cents > 0 and j.refunded_at is null
  ) live_income`;
}

async function liveIncomeSince<K extends string>(db: DbOrTx, readerId: string, keys: K[], starts: Record<K, Date | null>): Promise<Record<K, number>> {
  const sums = keys.map((key, index) => {
    const since = starts[key];
    const inPeriod = since ? sql`at >= ${since.toISOString()}` : sql`true`;
    return sql`coalesce(sum(cents) filter (where ${inPeriod}), 0)::int as ${sql.identifier(`cents_${index}`)}`;
  });
  const [row] = await queryRows<Record<string, number>>(db, sql`select ${sql.join(sums, sql`, `)} from ${liveIncome(readerId)}`);
  return Object.fromEntries(keys.map((key, index) => [key, Number(row![`cents_${index}`])])) as Record<K, number>;
}

/** Live-stream income paid since `since`: when and how much, one row per gift or admission. */
export async function liveIncomeRowsSince(db: DbOrTx, readerId: string, since: Date): Promise<{ at: Date; cents: number }[]> {
  const rows = await queryRows<{ at: Date | string; cents: number | string }>(db, sql`select at, cents from ${liveIncome(readerId)} where at >= ${since.toISOString()}`);
  return rows.map((row) => ({ at: new Date(row.at), cents: Number(row.cents) }));
}

/**
 * Earnings, readings and ratings since each given start (null: ever). Readings count when a
 * completed one ended; earnings add the live-stream income paid in the period.
 */
export async function figuresSince<K extends string>(db: DbOrTx, readerId: string, starts: Record<K, Date | null>): Promise<Record<K, PeriodFigures>> {
  const keys = Object.keys(starts) as K[];
  const live = await liveIncomeSince(db, readerId, keys, starts);
  // One pass over the reader's readings: each period is a set of FILTERed aggregates, suffixed by its index.
  const columns: Record<string, SQL<number>> = {};
  keys.forEach((key, index) => {
    for (const [name, column] of Object.entries(periodAggregates(starts[key]))) columns[`${name}_${index}`] = column;
  });
  const [row] = await db.select(columns).from(readingSessions).where(completedBy(readerId));
  const values: Record<string, number> = row ?? {};
  return Object.fromEntries(
    keys.map((key, index) => [
      key,
      toFigures({
        earningsCents: values[`earningsCents_${index}`]! + live[key],
        sessions: values[`sessions_${index}`]!,
        ratingSum: values[`ratingSum_${index}`]!,
        reviewCount: values[`reviewCount_${index}`]!,
      }),
    ]),
  ) as Record<K, PeriodFigures>;
}

/** The completed readings that ended since `since`: when each ended and what it earned. */
export function earningsEndedSince(db: DbOrTx, readerId: string, since: Date) {
  return db
    .select({ endedAt: readingSessions.endedAt, earningsCents: readingSessions.readerEarningsCents })
    .from(readingSessions)
    .where(and(completedBy(readerId), gte(readingSessions.endedAt, since)));
}

export async function readerTimeZone(db: DbOrTx, readerId: string): Promise<string | null> {
  const [row] = await db.select({ timeZone: readerProfiles.timeZone }).from(readerProfiles).where(eq(readerProfiles.userId, readerId));
  return row?.timeZone ?? null;
}
