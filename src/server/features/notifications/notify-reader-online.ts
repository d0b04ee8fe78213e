import { and, eq, gt, notExists, sql } from 'drizzle-orm';
import type { NotificationKind } from '@shared/notifications';
import { favoriteReaders, notifications, readerProfiles } from '../../db/schema';
import { isListedReader, readerFullName } from '../readers';
import type { NotificationDeps } from './deps';
import { deliverNotifications, lockSubject } from './deliver';
import { inAppSql } from './preferences';
import { queuePushForNotifications } from './push-queue';
import { notBlockedSql } from '../blocks';

const KIND: NotificationKind = 'reader_online';

/**
 * A reader who switches Online and Offline again and again must not flood anyone: each client
 * hears of one reader coming online at most once in this window (docs/decisions/026).
 */
export const READER_ONLINE_QUIET_MS = 60 * 60 * 1000;

/**
 * '<Name> is online now' to every client who hearted the reader, unless that client already heard
 * it within the last hour. Called after a reader's switch to Online commits; one INSERT … SELECT
 * (the reader's name comes from the same statement), so going online stays cheap.
 */
export const notifyReaderOnline =
  (deps: NotificationDeps) =>
  async (readerId: string): Promise<void> => {
    const now = new Date(deps.clock.now());
    const quietSince = new Date(now.getTime() - READER_ONLINE_QUIET_MS);
    const heardLately = deps.db
      .select({ one: sql`1` })
      .from(notifications)
      .where(
        and(
          eq(notifications.userId, favoriteReaders.clientId),
          eq(notifications.kind, KIND),
          eq(notifications.subjectId, readerId),
          gt(notifications.createdAt, sql`${quietSince.toISOString()}::timestamptz`),
        ),
      );

    const rows = await deps.db.transaction(async (tx) => {
      await tx.execute(lockSubject(KIND, readerId));
      const inserted = await tx
        .insert(notifications)
        .select(
          tx
            .select({
              id: sql<string>`gen_random_uuid()::text`.as('id'),
              userId: favoriteReaders.clientId,
              kind: sql<string>`${KIND}`.as('kind'),
              title: sql<string>`${readerFullName} || ' is online now'`.as('title'),
              body: sql<string>`'Request a reading while they are available.'`.as('body'),
              link: sql<string>`'/readers/' || ${readerProfiles.username}`.as('link'),
              subjectId: readerProfiles.userId,
              createdAt: sql<Date>`${now.toISOString()}::timestamptz`.as('created_at'),
              readAt: sql<Date | null>`null::timestamptz`.as('read_at'),
              inApp: sql<boolean>`${inAppSql(favoriteReaders.clientId, KIND)}`.as('in_app'),
            })
            .from(favoriteReaders)
            .innerJoin(readerProfiles, eq(readerProfiles.userId, favoriteReaders.readerId))
            .where(
              and(
                eq(favoriteReaders.readerId, readerId),
                readerProfiles.isOnline,
                isListedReader,
                notExists(heardLately),
                notBlockedSql(favoriteReaders.clientId, readerId),
              ),
            ),
        )
        .returning();
      await queuePushForNotifications(tx, inserted);
      return inserted;
    });
    deliverNotifications(deps.realtime, rows);
  };
