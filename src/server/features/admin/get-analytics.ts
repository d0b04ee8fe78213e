import { and, eq, gte, lt, type SQLWrapper, sql } from 'drizzle-orm';
import { ANALYTICS_DAYS, type AdminAnalytics, REVENUE_SOURCES, type TopReader, TOP_READERS_LIMIT } from '@shared/admin';
import type { Clock } from '../../clock';
import type { DbOrTx } from '../../db/client';
import { alias } from 'drizzle-orm/pg-core';
import { readerFullNameOf, readerProfiles, readingSessions } from '../../db/schema';
import { queryRows } from '../../db/query-rows';
import { earningsByReaderBetween } from '../readers';
import { platformRevenueMovements } from './platform-revenue';
import { DAY_MS } from '@shared/time-units';

/** reader_profiles as the top-readers query names it. */
const p = alias(readerProfiles, 'p');

const utcDay = (instant: Date) => instant.toISOString().slice(0, 10);
const dayOf = (column: SQLWrapper) => sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD')`;

/**
 * The admin's Analytics tab for the last 30 UTC days up to the injected clock, today included:
 * per day the platform's revenue from every source (net of refunds, a reading's counted when it
 * completed, as the stat cards count it) and the readings completed; the window's revenue by
 * source; and the readers who earned most in those days.
 */
export async function getAdminAnalytics(db: DbOrTx, clock: Clock): Promise<AdminAnalytics> {
  const now = new Date(clock.now());
  const todayStart = Math.floor(now.getTime() / DAY_MS) * DAY_MS;
  const from = new Date(todayStart - (ANALYTICS_DAYS - 1) * DAY_MS);
  const until = new Date(todayStart + DAY_MS);

  const revenue = platformRevenueMovements(db);
  const revenueDay = dayOf(revenue.countsAt);
  const inWindow = sql`${revenue.countsAt} >= ${from.toISOString()} and ${revenue.countsAt} < ${until.toISOString()}`;
  const revenueByDayAndSource = await db
    .select({
      date: revenueDay,
      source: revenue.source,
      cents: sql<number>`sum(${revenue.amountCents})::bigint`.mapWith(Number),
    })
    .from(revenue)
    .where(inWindow)
    .groupBy(revenueDay, revenue.source);

  const completedInWindow = and(
    eq(readingSessions.status, 'completed'),
    gte(readingSessions.endedAt, from),
    lt(readingSessions.endedAt, until),
  );
  const sessionDay = dayOf(readingSessions.endedAt);
  const sessionsByDay = await db
    .select({ date: sessionDay, count: sql<number>`count(*)::int` })
    .from(readingSessions)
    .where(completedInWindow)
    .groupBy(sessionDay);

  // Both figures from the same rows, so the sources add up to the days to the cent.
  const revenueOn = new Map<string, number>();
  const revenueFrom = new Map<string, number>();
  for (const row of revenueByDayAndSource) {
    revenueOn.set(row.date, (revenueOn.get(row.date) ?? 0) + row.cents);
    revenueFrom.set(row.source, (revenueFrom.get(row.source) ?? 0) + row.cents);
  }
  const sessionsOn = new Map(sessionsByDay.map((row) => [row.date, row.count]));
  const days = Array.from({ length: ANALYTICS_DAYS }, (_, index) => {
    const date = utcDay(new Date(from.getTime() + index * DAY_MS));
    return { date, revenueCents: revenueOn.get(date) ?? 0, completedSessions: sessionsOn.get(date) ?? 0 };
  });

  const revenueBySource = REVENUE_SOURCES.map((source) => ({ source, revenueCents: revenueFrom.get(source) ?? 0 }));
  return { days, revenueBySource, topReaders: await topReaders(db, from, until) };
}

/**
 * The readers who earned most in the window, by the one definition of earnings (readers/
 * reader-income.ts: readings, gifts, stream admissions, shop sales), with the readings they completed.
 */
async function topReaders(db: DbOrTx, from: Date, until: Date): Promise<TopReader[]> {
  const rows = await queryRows<{
    id: string;
    fullName: string;
    username: string;
    profileImage: string | null;
    earningsCents: number | string;
    completedSessions: number;
  }>(
    db,
    sql`select p.user_id as "id", ${readerFullNameOf(p)} as "fullName", p.username, p.profile_image as "profileImage",
        e.cents as "earningsCents",
        (select count(*) from ${readingSessions} r where r.reader_id = p.user_id and r.status = 'completed'
           and r.ended_at >= ${from.toISOString()} and r.ended_at < ${until.toISOString()})::int as "completedSessions"
      from ${earningsByReaderBetween(from, until)} e join ${readerProfiles} p on p.user_id = e.reader_id
      where e.cents > 0
      order by e.cents desc, "completedSessions" desc, p.user_id
      limit ${TOP_READERS_LIMIT}`,
  );
  return rows.map(({ earningsCents: cents, ...row }) => ({
    ...row,
    earningsCents: Number(cents),
  }));
}
