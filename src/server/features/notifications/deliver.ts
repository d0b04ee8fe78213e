import { SERVER_EVENTS } from '@shared/realtime';
import { sql } from 'drizzle-orm';
import type { Realtime } from '../../realtime/realtime';
import { type NotificationRow, toNotification } from './to-notification';

/** Each new notification to its user's open pages (unless they keep its kind out of the bell); called only after the rows are committed. */
export function deliverNotifications(realtime: Realtime, rows: NotificationRow[]): void {
  for (const row of rows) if (row.inApp) realtime.toUser(row.userId, SERVER_EVENTS.notification, toNotification(row));
}

/**
 * Serialises the senders of one subject (a stream, a reader) until the transaction ends: the
 * dedupe below is a NOT EXISTS, which two concurrent senders on PostgreSQL would both pass.
 * A transaction-scoped advisory lock needs no unique index (and so no migration).
 */
export const lockSubject = (kind: string, subjectId: string) =>
  sql`select pg_advisory_xact_lock(hashtext(${`${kind}:${subjectId}`}))`;
