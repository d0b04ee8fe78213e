import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { notifications } from '../../db/schema';
import { notFound } from '../../errors';

/** Marks one of the user's notifications read (again is a no-op); someone else's is as unknown as a missing one: 404. */
export async function markNotificationRead(
  db: DbOrTx,
  userId: string,
  notificationId: string,
  now: Date,
): Promise<void> {
  const marked = await db
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, ${now.toISOString()}::timestamptz)` })
    .where(and(eq(notifications.id, notificationId), eq(notifications.userId, userId)))
    .returning({ id: notifications.id });
  if (marked.length === 0) throw notFound('Notification not found');
}

export async function markAllNotificationsRead(db: DbOrTx, userId: string, now: Date): Promise<void> {
  await db
    .update(notifications)
    .set({ readAt: now })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
}
