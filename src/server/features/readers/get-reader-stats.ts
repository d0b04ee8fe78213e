import type { ReaderStats } from '@shared/reader-dashboard';
import type { Clock } from '../../clock';
import type { DbOrTx } from '../../db/client';
import { notFound } from '../../errors';
import { getEarnings } from '../wallet';
import { readerDays } from './reader-days';
import { figuresSince, readerTimeZone } from './reader-figures';

/** The reader dashboard's stat cards and weekly performance; "today" and the week are the reader's own days. */
export async function getReaderStats(deps: { db: DbOrTx; clock: Clock }, readerId: string): Promise<ReaderStats> {
  const timeZone = await readerTimeZone(deps.db, readerId);
  if (timeZone === null) throw notFound('Reader profile not found');
  const week = readerDays(new Date(deps.clock.now()), timeZone, 7);
  const figures = await figuresSince(deps.db, readerId, {
    today: week.at(-1)!.start,
    lastSevenDays: week[0]!.start,
    allTime: null,
  });
  const { availableCents, heldCents } = await getEarnings(deps.db, readerId);
  return { timeZone, ...figures, availableCents, heldCents };
}
