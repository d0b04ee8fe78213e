import { and, eq, ne, notExists, sql } from 'drizzle-orm';
import { union } from 'drizzle-orm/pg-core';
import type { NotificationKind } from '@shared/notifications';
import { notifications, readerFollows, streamReminders } from '../../db/schema';
import type { StreamWentLive } from '../live';
import type { NotificationDeps } from './deps';
import { deliverNotifications, lockSubject } from './deliver';
import { inAppSql } from './preferences';
import { queuePushForNotifications } from './push-queue';
import { notBlockedSql } from '../blocks';

const KIND: NotificationKind = 'stream_live';

/**
 * 'X is live': one notification to each follower of the stream's reader and each user who asked
 * to be reminded of this stream (once, if both), never to the reader. A stream is announced once:
 * a second call finds the rows of the first and adds nothing. One INSERT … SELECT, because a
 * reader may have thousands of followers (docs/decisions/026). Wired as LiveDeps.onStreamLive.
 */
export const notifyStreamLive =
  (deps: NotificationDeps) =>
  async (stream: StreamWentLive): Promise<void> => {
    const now = new Date(deps.clock.now());
    const recipients = union(
      deps.db
        .select({ userId: sql<string>`${readerFollows.followerId}`.as('user_id') })
        .from(readerFollows)
        .where(eq(readerFollows.readerId, stream.readerId)),
      deps.db
        .select({ userId: sql<string>`${streamReminders.userId}`.as('user_id') })
        .from(streamReminders)
        .where(eq(streamReminders.streamId, stream.streamId)),
    ).as('recipients');
    // Qualified: drizzle writes a subquery's field bare ("user_id"), which inside the subqueries
    // below would name their own table's user_id instead of the recipient's.
    const recipientId = sql`"recipients"."user_id"`;
    const alreadyTold = deps.db
      .select({ one: sql`1` })
      .from(notifications)
      .where(
        and(
          eq(notifications.userId, recipientId),
          eq(notifications.kind, KIND),
          eq(notifications.subjectId, stream.streamId),
        ),
      );

    const rows = await deps.db.transaction(async (tx) => {
      await tx.execute(lockSubject(KIND, stream.streamId));
      const inserted = await tx
        .insert(notifications)
        .select(
          tx
            .select({
              id: sql<string>`gen_random_uuid()::text`.as('id'),
              userId: recipients.userId,
              kind: sql<string>`${KIND}`.as('kind'),
              title: sql<string>`${`${stream.readerName} is live`}`.as('title'),
              body: sql<string>`${stream.title}`.as('body'),
              link: sql<string>`${`/live/${encodeURIComponent(stream.streamId)}`}`.as('link'),
              subjectId: sql<string>`${stream.streamId}`.as('subject_id'),
              createdAt: sql<Date>`${now.toISOString()}::timestamptz`.as('created_at'),
              readAt: sql<Date | null>`null::timestamptz`.as('read_at'),
              inApp: sql<boolean>`${inAppSql(recipientId, KIND)}`.as('in_app'),
            })
            .from(recipients)
            .where(
              and(
                ne(recipients.userId, stream.readerId),
                notExists(alreadyTold),
                notBlockedSql(recipientId, stream.readerId),
              ),
            ),
        )
        .returning();
      await queuePushForNotifications(tx, inserted);
      return inserted;
    });
    deliverNotifications(deps.realtime, rows);
  };
