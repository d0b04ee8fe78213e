import { EARNINGS_SERIES_DAYS, type ReaderEarnings } from '@shared/reader-dashboard';
import type { Clock } from '../../clock';
import type { DbOrTx } from '../../db/client';
import { notFound } from '../../errors';
import { readerDays } from './reader-days';
import { earningsEndedSince, figuresSince, liveIncomeRowsSince, readerTimeZone } from './reader-figures';

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
  for (const reading of await earningsEndedSince(deps.db, readerId, days[0]!.start)) {
    const index = days.findIndex((day) => reading.endedAt! >= day.start && reading.endedAt! < day.end);
    if (index === -1) continue;
    daily[index]!.earningsCents += reading.earningsCents;
    daily[index]!.sessions += 1;
  }
  // Gifts and stream prices are earnings of the day they were paid, not readings.
  for (const income of await liveIncomeRowsSince(deps.db, readerId, days[0]!.start)) {
    const index = days.findIndex((day) => income.at >= day.start && income.at < day.end);
    if (index !== -1) daily[index]!.earningsCents += income.cents;
  }
  return {
    timeZone,
    todayCents: periods.today.earningsCents,
    lastSevenDaysCents: periods.lastSevenDays.earningsCents,
    lastThirtyDaysCents: periods.lastThirtyDays.earningsCents,
    allTimeCents: periods.allTime.earningsCents,
    daily,
  };
}
