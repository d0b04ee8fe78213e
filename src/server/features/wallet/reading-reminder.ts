import { eq } from 'drizzle-orm';
import type { ReadingReminder } from '@shared/wallet';
import type { DbOrTx } from '../../db/client';
import { clientPreferences } from '../../db/schema';

export async function getReadingReminder(db: DbOrTx, userId: string): Promise<ReadingReminder> {
  const [row] = await db
    .select({ everyMinutes: clientPreferences.readingReminderMinutes })
    .from(clientPreferences)
    .where(eq(clientPreferences.userId, userId));
  return { everyMinutes: row?.everyMinutes ?? null };
}

export async function setReadingReminder(
  db: DbOrTx,
  userId: string,
  reminder: ReadingReminder,
  nowMs: number,
): Promise<ReadingReminder> {
  const stamp = new Date(nowMs);
  await db
    .insert(clientPreferences)
    .values({ userId, readingReminderMinutes: reminder.everyMinutes, createdAt: stamp, updatedAt: stamp })
    .onConflictDoUpdate({
      target: clientPreferences.userId,
      set: { readingReminderMinutes: reminder.everyMinutes, updatedAt: stamp },
    });
  return { everyMinutes: reminder.everyMinutes };
}
