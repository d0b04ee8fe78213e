import { randomUUID } from 'node:crypto';
import type { NotificationKind } from '@shared/notifications';
import type { Tx } from '../../db/client';
import { notifications } from '../../db/schema';
import type { NotificationRow } from './to-notification';

/** One notification about something of the user's (a written reading, an appointment), stored in the caller's transaction; the caller delivers it after commit (deliverNotifications). */
export async function storeNotification(
  tx: Tx,
  input: { userId: string; kind: NotificationKind; title: string; body: string; link: string; subjectId: string; now: Date },
): Promise<NotificationRow> {
  const [row] = await tx
    .insert(notifications)
    .values({ id: randomUUID(), userId: input.userId, kind: input.kind, title: input.title, body: input.body, link: input.link, subjectId: input.subjectId, createdAt: input.now })
    .returning();
  return row!;
}
