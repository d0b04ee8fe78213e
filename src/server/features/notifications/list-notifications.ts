import { NOTIFICATIONS_PAGE_SIZE, type NotificationList } from '@shared/notifications';
import { and, count, desc, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { notifications } from '../../db/schema';
import { toNotification } from './to-notification';

/** The bell: the user's newest notifications and how many of all of theirs are unread (kinds they keep out of the bell left out). */
export async function listNotifications(db: DbOrTx, userId: string): Promise<NotificationList> {
  const [rows, [unread]] = await Promise.all([
    db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.inApp, true)))
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(NOTIFICATIONS_PAGE_SIZE),
    db
      .select({ count: count() })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.inApp, true), isNull(notifications.readAt))),
  ]);
  return { notifications: rows.map(toNotification), unreadCount: unread?.count ?? 0 };
}
