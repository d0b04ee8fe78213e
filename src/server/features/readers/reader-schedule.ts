import { eq } from 'drizzle-orm';
import type { ReaderSchedule, ScheduleSlot } from '@shared/reader-schedule';
import type { Clock } from '../../clock';
import type { Db, DbOrTx } from '../../db/client';
import { readerAvailability, readerProfiles } from '../../db/schema';
import { notFound } from '../../errors';

export async function getReaderSchedule(db: DbOrTx, readerId: string): Promise<ReaderSchedule> {
  const [profile] = await db
    .select({ timeZone: readerProfiles.timeZone })
    .from(readerProfiles)
    .where(eq(readerProfiles.userId, readerId));
  if (!profile) throw notFound('Reader profile not found');
  const slots = await db
    .select({
      weekday: readerAvailability.weekday,
      startMinute: readerAvailability.startMinute,
      endMinute: readerAvailability.endMinute,
    })
    .from(readerAvailability)
    .where(eq(readerAvailability.readerId, readerId))
    .orderBy(readerAvailability.weekday, readerAvailability.startMinute);
  return { timeZone: profile.timeZone, slots };
}

/**
 * Replaces the reader's whole week and their zone in one transaction, so the directory never shows
 * half of an old schedule and half of a new one. The input is already validated (no overlaps).
 */
export async function replaceReaderSchedule(
  deps: { db: Db; clock: Clock },
  readerId: string,
  input: { timeZone: string; slots: ScheduleSlot[] },
): Promise<ReaderSchedule> {
  return deps.db.transaction(async (tx) => {
    const updated = await tx
      .update(readerProfiles)
      .set({ timeZone: input.timeZone, updatedAt: new Date(deps.clock.now()) })
      .where(eq(readerProfiles.userId, readerId))
      .returning({ userId: readerProfiles.userId });
    if (updated.length === 0) throw notFound('Reader profile not found');
    await tx.delete(readerAvailability).where(eq(readerAvailability.readerId, readerId));
    if (input.slots.length > 0)
      await tx.insert(readerAvailability).values(input.slots.map((slot) => ({ readerId, ...slot })));
    return getReaderSchedule(tx, readerId);
  });
}
