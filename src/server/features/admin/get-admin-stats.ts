import { type AnyColumn, and, count, eq, type SQL, sql } from 'drizzle-orm';
import type { AdminStats } from '@shared/admin';
import type { Clock } from '../../clock';
import type { DbOrTx } from '../../db/client';
import { ledgerTransfers, readingSessions, user } from '../../db/schema';
import { SYSTEM_ACCOUNTS } from '../wallet/ledger';

const DAY_MS = 24 * 60 * 60 * 1000;
const WEEK_MS = 7 * DAY_MS;

/** Percent change from the earlier week to the later one, one decimal; nothing to compare with: null. */
export function weekOverWeekPct(lastWeek: number, weekBefore: number): number | null {
  if (weekBefore === 0) return null;
  return Math.round(((lastWeek - weekBefore) / weekBefore) * 1000) / 10;
}

/**
 * The platform's revenue: what reached platform:revenue, less refunds taken back from it. A
 * reading's transfers count only once it is completed, as every statistic does; an open one's
 * minutes can still be refunded.
 */
const revenueCents = (window?: SQL) =>
  sql<number>`coalesce(sum(case when ${ledgerTransfers.creditAccountId} = ${SYSTEM_ACCOUNTS.revenue} then ${ledgerTransfers.amountCents} else -${ledgerTransfers.amountCents} end) filter (where ${window ?? sql`true`}), 0)::bigint`;

/** After `from`, up to and including `to`: a row stamped this very instant belongs to the last week. */
const within = (column: AnyColumn, from: Date, to: Date) => sql`${column} > ${from.toISOString()} and ${column} <= ${to.toISOString()}`;
const countWithin = (column: AnyColumn, from: Date, to: Date, where: SQL = sql`true`) =>
  sql<number>`count(*) filter (where ${where} and ${within(column, from, to)})::int`;

/** Admin dashboard figures; "today" is the UTC day of the injected clock, a week the 7 days up to now. */
export async function getAdminStats(db: DbOrTx, clock: Clock): Promise<AdminStats> {
  const now = new Date(clock.now());
  const todayStart = new Date(Math.floor(now.getTime() / DAY_MS) * DAY_MS);
  const weekStart = new Date(now.getTime() - WEEK_MS);
  const weekBeforeStart = new Date(now.getTime() - 2 * WEEK_MS);

  const [users] = await db
    .select({
      total: count(),
      readers: sql<number>`count(*) filter (where ${user.role} = 'reader')::int`,
      lastWeek: countWithin(user.createdAt, weekStart, now),
      weekBefore: countWithin(user.createdAt, weekBeforeStart, weekStart),
    })
    .from(user);

  const completed = eq(readingSessions.status, 'completed');
  const [sessions] = await db
    .select({
      active: sql<number>`count(*) filter (where ${readingSessions.status} = 'active')::int`,
      lastWeek: countWithin(readingSessions.endedAt, weekStart, now, completed),
      weekBefore: countWithin(readingSessions.endedAt, weekBeforeStart, weekStart, completed),
    })
    .from(readingSessions);

  const [revenue] = await db
    .select({
      total: revenueCents(),
      today: revenueCents(sql`${ledgerTransfers.createdAt} >= ${todayStart.toISOString()} and ${ledgerTransfers.createdAt} <= ${now.toISOString()}`),
      lastWeek: revenueCents(within(ledgerTransfers.createdAt, weekStart, now)),
      weekBefore: revenueCents(within(ledgerTransfers.createdAt, weekBeforeStart, weekStart)),
    })
    .from(ledgerTransfers)
    .leftJoin(readingSessions, sql`${ledgerTransfers.reference} like 'session:%' and ${readingSessions.id} = substr(${ledgerTransfers.reference}, 9)`)
    .where(
      and(
        sql`(${ledgerTransfers.creditAccountId} = ${SYSTEM_ACCOUNTS.revenue} or (${ledgerTransfers.debitAccountId} = ${SYSTEM_ACCOUNTS.revenue} and ${ledgerTransfers.kind} = 'refund'))`,
        sql`(${ledgerTransfers.reference} is null or ${ledgerTransfers.reference} not like 'session:%' or ${completed})`,
      ),
    );

  return {
    totalUsers: users!.total,
    totalReaders: users!.readers,
    totalRevenueCents: Number(revenue!.total),
    todayRevenueCents: Number(revenue!.today),
    activeSessions: sessions!.active,
    growth: {
      usersWeekOverWeekPct: weekOverWeekPct(users!.lastWeek, users!.weekBefore),
      revenueWeekOverWeekPct: weekOverWeekPct(Number(revenue!.lastWeek), Number(revenue!.weekBefore)),
      sessionsWeekOverWeekPct: weekOverWeekPct(sessions!.lastWeek, sessions!.weekBefore),
    },
  };
}
