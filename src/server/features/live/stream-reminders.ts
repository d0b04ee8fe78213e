import { and, count, eq } from 'drizzle-orm';
import type { reminderStateSchema } from '@shared/live';
import type { z } from '@shared/zod-config';
import type { DbOrTx } from '../../db/client';
import { liveStreams, readerProfiles, streamReminders } from '../../db/schema';
import { conflict, notFound } from '../../errors';
import { isListedReader } from '../readers';

type ReminderState = z.infer<typeof reminderStateSchema>;

async function assertScheduled(db: DbOrTx, streamId: string) {
  const [stream] = await db
    .select({ status: liveStreams.status })
    .from(liveStreams)
    .innerJoin(readerProfiles, eq(readerProfiles.userId, liveStreams.readerId))
    .where(and(eq(liveStreams.id, streamId), isListedReader));
  if (!stream) throw notFound('Stream not found');
  if (stream.status !== 'scheduled')
    throw conflict(stream.status === 'live' ? 'This stream is already live' : 'This stream has ended');
}

async function reminderState(db: DbOrTx, streamId: string, reminded: boolean): Promise<ReminderState> {
  const [row] = await db
    .select({ reminderCount: count() })
    .from(streamReminders)
    .where(eq(streamReminders.streamId, streamId));
  return { reminded, reminderCount: row?.reminderCount ?? 0 };
}

/** PUT /api/live/streams/:id/reminder: 'Remind Me' on a scheduled stream; twice is the same as once. */
export async function addReminder(db: DbOrTx, userId: string, streamId: string, now: Date): Promise<ReminderState> {
  await assertScheduled(db, streamId);
  await db.insert(streamReminders).values({ streamId, userId, createdAt: now }).onConflictDoNothing();
  return reminderState(db, streamId, true);
}

/** DELETE /api/live/streams/:id/reminder: idempotent like the PUT. */
export async function removeReminder(db: DbOrTx, userId: string, streamId: string): Promise<ReminderState> {
  await assertScheduled(db, streamId);
  await db
    .delete(streamReminders)
    .where(and(eq(streamReminders.streamId, streamId), eq(streamReminders.userId, userId)));
  return reminderState(db, streamId, false);
}
