import { EARNINGS_SERIES_DAYS, type ReaderEarnings } from '@shared/reader-dashboard';
import type { Clock } from '../../clock';
import type { DbOrTx } from '../../db/client';
import { notFound } from '../../errors';
import { readerDays } from './reader-days';
import { figuresSince, readerTimeZone } from './reader-figures';
import { earningsBySource, incomeRowsSince } from './reader-income';

/** The Earnings tab: four periods and a day-by-day series of the last 30 of the reader's days, empty days included. */
export async function getReaderEarnings(deps: { db: DbOrTx; clock: Clock }, readerId: string): Promise<ReaderEarnings> {
  const timeZone = await readerTimeZone(deps.db, readerId);
  if (timeZone === null) throw notFound('Reader profile not found');
  const days = readerDays(new Date(deps.clock.now()), timeZone, EARNINGS_SERIES_DAYS);
  const periods = await figuresSince(deps.db, readerId, {
    today: days.at(-1)!.start,
    lastSevenDays: days.at(-7)!.start,
    lastThirtyDays: days[0]!.start,
    allTime: null,
  });
  const daily = days.map((day) => ({ date: day.date, earningsCents: 0, sessions: 0 }));
  // Each row counts on its own day: a reading on the day it ended, the rest on the day paid.
  for (const income of await incomeRowsSince(deps.db, readerId, days[0]!.start)) {
    const index = days.findIndex((day) => income.at >= day.start && income.at < day.end);
    if (index === -1) continue;
    daily[index]!.earningsCents += income.cents;
    if (income.source === 'readings') daily[index]!.sessions += 1;
  }
  return {
    timeZone,
    todayCents: periods.today.earningsCents,
    lastSevenDaysCents: periods.lastSevenDays.earningsCents,
    lastThirtyDaysCents: periods.lastThirtyDays.earningsCents,
    allTimeCents: periods.allTime.earningsCents,
    bySource: await earningsBySource(deps.db, readerId),
    daily,
  };
}
