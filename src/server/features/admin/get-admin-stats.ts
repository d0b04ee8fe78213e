import { count, eq, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { AdminStats } from '@shared/admin';
import type { Clock } from '../../clock';
import type { DbOrTx } from '../../db/client';
import { creditSpends, readingSessions, user } from '../../db/schema';
import { platformRevenueMovements } from './platform-revenue';
import { DAY_MS, WEEK_MS } from '@shared/time-units';

/** Percent change from the earlier week to the later one, one decimal; nothing to compare with: null. */
export function weekOverWeekPct(lastWeek: number, weekBefore: number): number | null {
  if (weekBefore === 0) return null;
  return Math.round(((lastWeek - weekBefore) / weekBefore) * 1000) / 10;
}

/** After `from`, up to and including `to`: a row stamped this very instant belongs to the last week. */
const within = (column: SQLWrapper, from: Date, to: Date) =>
  sql`${column} > ${from.toISOString()} and ${column} <= ${to.toISOString()}`;
const countWithin = (column: SQLWrapper, from: Date, to: Date, where: SQL = sql`true`) =>
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

  const revenue = platformRevenueMovements(db);
  const revenueWithin = (where: SQL) =>
    sql<number>`coalesce(sum(${revenue.amountCents}) filter (where ${where}), 0)::bigint`;
  const [revenueTotals] = await db
    .select({
      total: revenueWithin(sql`true`),
      today: revenueWithin(
        sql`${revenue.countsAt} >= ${todayStart.toISOString()} and ${revenue.countsAt} <= ${now.toISOString()}`,
      ),
      lastWeek: revenueWithin(within(revenue.countsAt, weekStart, now)),
      weekBefore: revenueWithin(within(revenue.countsAt, weekBeforeStart, weekStart)),
    })
    .from(revenue);

  // credit_spends: what each charge took of each grant, less what refunds gave back (docs/decisions/066).
  const [credit] = await db
    .select({ spent: sql<string>`coalesce(sum(${creditSpends.cents}), 0)::text` })
    .from(creditSpends);

  return {
    totalUsers: users!.total,
    totalReaders: users!.readers,
    totalRevenueCents: Number(revenueTotals!.total),
    todayRevenueCents: Number(revenueTotals!.today),
    promotionalCreditSpentCents: Number(credit!.spent),
    activeSessions: sessions!.active,
    growth: {
      usersWeekOverWeekPct: weekOverWeekPct(users!.lastWeek, users!.weekBefore),
      revenueWeekOverWeekPct: weekOverWeekPct(Number(revenueTotals!.lastWeek), Number(revenueTotals!.weekBefore)),
      sessionsWeekOverWeekPct: weekOverWeekPct(sessions!.lastWeek, sessions!.weekBefore),
    },
  };
}
