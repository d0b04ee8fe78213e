import type { WrittenReadingList, WrittenReadingOnTime } from '@shared/written-readings';
import { and, desc, eq, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { writtenReadings } from '../../db/schema';
import { assertListedReader } from '../readers';
import { selectWrittenReadings, toWrittenReading } from './view';

/** The newest this many threads are listed (a dashboard tab, not an archive). */
export const WRITTEN_READINGS_LIST_LIMIT = 100;

/** The user's threads, as the client who asked and as the reader asked, newest first. */
export async function listWrittenReadings(db: DbOrTx, userId: string, now: number): Promise<WrittenReadingList> {
  const rows = await selectWrittenReadings(db)
    .where(or(eq(writtenReadings.clientId, userId), eq(writtenReadings.readerId, userId)))
    .orderBy(desc(writtenReadings.createdAt), desc(writtenReadings.id))
    .limit(WRITTEN_READINGS_LIST_LIMIT);
  return { writtenReadings: rows.map((row) => toWrittenReading(row, now)) };
}

/**
 * A reader's on-time rate, public on their profile: of the questions whose time has come (answered,
 * which can only be in time, or refunded for want of an answer), the share answered. A question
 * still open is not counted either way.
 */
export async function writtenReadingOnTime(db: DbOrTx, readerId: string): Promise<WrittenReadingOnTime> {
  await assertListedReader(db, readerId);
  const [row] = await db
    .select({
      answered: sql<number>`(count(*) filter (where ${writtenReadings.status} = 'answered'))::int`,
      refunded: sql<number>`(count(*) filter (where ${writtenReadings.status} = 'refunded'))::int`,
    })
    .from(writtenReadings)
    .where(and(eq(writtenReadings.readerId, readerId), sql`${writtenReadings.status} <> 'pending'`));
  const answeredOnTimeCount = row?.answered ?? 0;
  const dueCount = answeredOnTimeCount + (row?.refunded ?? 0);
  return {
    dueCount,
    answeredOnTimeCount,
    onTimePercent: dueCount === 0 ? null : Math.round((answeredOnTimeCount * 100) / dueCount),
  };
}
