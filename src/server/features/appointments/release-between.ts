import { OPEN_APPOINTMENT_STATUSES } from '@shared/appointments';
import { formatCents } from '@shared/money';
import { OPEN_SESSION_STATUSES } from '@shared/sessions';
import { and, eq, inArray, notExists, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { appointments, readingSessions } from '../../db/schema';
import type { NotificationRow } from '../notifications';
import { notifyAboutAppointment } from './notify';
import { settleAppointment } from './settle';

/**
 * A block between an appointment's two sides (decision 068): each open appointment between them not
 * already running as a reading is cancelled in the caller's transaction, its hold released in full
 * (no late fee, whoever blocked), and both told without the reason. One already running ends with
 * its reading (sessions' endReadingsBetween). Returns the notices to deliver after commit.
 */
export async function releaseAppointmentsBetween(
  tx: Tx,
  pair: { blockerId: string; blockedId: string },
  now: Date,
): Promise<{ notices: NotificationRow[]; clientIds: string[] }> {
  const { blockerId, blockedId } = pair;
  // Spelled out: drizzle writes a lone table's columns unqualified, and in the subquery a bare "id" is the session's.
  const running = tx
    .select({ id: readingSessions.id })
    .from(readingSessions)
    .where(
      and(
        sql`${readingSessions.appointmentId} = "appointments"."id"`,
        inArray(readingSessions.status, [...OPEN_SESSION_STATUSES]),
      ),
    );
  const open = await tx
    .select()
    .from(appointments)
    .where(
      and(
        inArray(appointments.status, [...OPEN_APPOINTMENT_STATUSES]),
        or(
          and(eq(appointments.clientId, blockerId), eq(appointments.readerId, blockedId)),
          and(eq(appointments.clientId, blockedId), eq(appointments.readerId, blockerId)),
        ),
        notExists(running),
      ),
    )
    .for('update');
  const notices: NotificationRow[] = [];
  for (const row of open) {
    await settleAppointment(
      tx,
      row,
      { status: 'cancelled', cancelledBy: row.clientId === blockerId ? 'client' : 'reader', feeCents: 0 },
      now,
    );
    const reading = `the ${row.minutes}-minute ${row.sessionType} reading on ${row.startsAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
    notices.push(
      await notifyAboutAppointment(tx, {
        userId: row.clientId,
        kind: 'appointment_cancelled',
        title: 'Your appointment was cancelled',
        body: `${reading[0]!.toUpperCase()}${reading.slice(1)} was cancelled: ${formatCents(row.priceCents)} is back in your wallet.`,
        subjectId: row.id,
        now,
      }),
      await notifyAboutAppointment(tx, {
        userId: row.readerId,
        kind: 'appointment_cancelled',
        title: 'An appointment was cancelled',
        body: `${reading[0]!.toUpperCase()}${reading.slice(1)} was cancelled.`,
        subjectId: row.id,
        now,
      }),
    );
  }
  return { notices, clientIds: [...new Set(open.map((row) => row.clientId))] };
}
