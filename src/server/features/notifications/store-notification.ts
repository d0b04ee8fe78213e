import { randomUUID } from 'node:crypto';
import type { NotificationKind } from '@shared/notifications';
import type { Tx } from '../../db/client';
import { notifications } from '../../db/schema';
import { inAppSql } from './preferences';
import { queuePushForNotifications } from './push-queue';
import type { NotificationRow } from './to-notification';

/**
 * One notice about something of the person's (a written reading, an appointment), in the caller's
 * transaction: the bell's row (shown only if they keep this kind on in the app) and a push to each
 * of their devices (if they keep it on for push). The caller hands the row to deliverNotifications
 * after commit.
 */
export async function storeNotification(
  tx: Tx,
  input: {
    userId: string;
    kind: NotificationKind;
    title: string;
    body: string;
    link: string;
    subjectId: string;
    now: Date;
  },
): Promise<NotificationRow> {
  const [row] = await tx
    .insert(notifications)
    .values({
      id: randomUUID(),
      userId: input.userId,
      kind: input.kind,
      title: input.title,
      body: input.body,
      link: input.link,
      subjectId: input.subjectId,
      createdAt: input.now,
      inApp: inAppSql(input.userId, input.kind),
    })
    .returning();
  await queuePushForNotifications(tx, [row!]);
  return row!;
}
