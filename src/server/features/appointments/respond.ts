import { type Appointment, APPOINTMENT_FREE_CANCEL_HOURS } from '@shared/appointments';
import { formatCents } from '@shared/money';
import type { NotificationKind } from '@shared/notifications';
import { SERVER_EVENTS } from '@shared/realtime';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { appointments } from '../../db/schema';
import { conflict, forbidden, notFound } from '../../errors';
import type { SessionUser } from '../auth';
import { deliverNotifications, type NotificationRow } from '../notifications';
import { getWalletBalanceCents } from '../wallet';
import type { AppointmentDeps } from './deps';
import { HOUR_MS } from '@shared/time-units';
import { notifyAboutAppointment } from './notify';
import { appointmentFeeCents, settleAppointment } from './settle';
import { type AppointmentRow, loadAppointment } from './view';

type Side = 'client' | 'reader';

/**
 * Runs one answer or cancellation under the appointment's row lock, so of two at once (two tabs, a
 * double click, the scheduler's auto-decline) the first decides and the other sees its outcome.
 * Only the appointment's two sides see it: anyone else gets 404.
 */
async function withLockedAppointment(
  deps: AppointmentDeps,
  actor: SessionUser,
  id: string,
  act: (tx: Tx, row: AppointmentRow, side: Side, now: Date) => Promise<NotificationRow>,
): Promise<Appointment> {
  const now = new Date(deps.clock.now());
  const { notification, clientId } = await deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(appointments).where(eq(appointments.id, id)).for('update');
    if (!row || (row.clientId !== actor.id && row.readerId !== actor.id)) throw notFound('Appointment not found');
    const side: Side = row.clientId === actor.id ? 'client' : 'reader';
    return { notification: await act(tx, row, side, now), clientId: row.clientId };
  });
  deliverNotifications(deps.realtime, [notification]);
  deps.realtime.toUser(clientId, SERVER_EVENTS.walletUpdated, {
    balanceCents: await getWalletBalanceCents(deps.db, clientId),
  });
  return (await loadAppointment(deps.db, id))!;
}

const describeReading = (row: AppointmentRow) =>
  `your ${row.minutes}-minute ${row.sessionType} reading on ${row.startsAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

function notify(
  tx: Tx,
  row: AppointmentRow,
  userId: string,
  kind: NotificationKind,
  title: string,
  body: string,
  now: Date,
) {
  return notifyAboutAppointment(tx, { userId, kind, title, body, subjectId: row.id, now });
}

/** The reader accepts a pending appointment before its answer time. */
export const acceptAppointment = (deps: AppointmentDeps, actor: SessionUser, id: string) =>
  withLockedAppointment(deps, actor, id, async (tx, row, side, now) => {
    if (side !== 'reader') throw forbidden('Only the reader accepts an appointment');
    if (row.status === 'accepted') throw conflict('You have already accepted this appointment');
    if (row.status !== 'pending' || now >= row.answerBy) throw conflict('This appointment can no longer be accepted');
    await tx.update(appointments).set({ status: 'accepted', respondedAt: now }).where(eq(appointments.id, id));
    return notify(
      tx,
      row,
      row.clientId,
      'appointment_accepted',
      'Your appointment is confirmed',
      `The reader accepted ${describeReading(row)}.`,
      now,
    );
  });

/** The reader declines a pending appointment: the hold is released in full. */
export const declineAppointment = (deps: AppointmentDeps, actor: SessionUser, id: string) =>
  withLockedAppointment(deps, actor, id, async (tx, row, side, now) => {
    if (side !== 'reader') throw forbidden('Only the reader declines an appointment');
    if (row.status !== 'pending') throw conflict('Only an appointment waiting for an answer can be declined');
    await settleAppointment(tx, row, { status: 'declined', feeCents: 0 }, now);
    await tx.update(appointments).set({ respondedAt: now }).where(eq(appointments.id, id));
    return notify(
      tx,
      row,
      row.clientId,
      'appointment_declined',
      'Your appointment was declined',
      `The reader declined ${describeReading(row)}: ${formatCents(row.priceCents)} is back in your wallet.`,
      now,
    );
  });

/**
 * Either side cancels an open appointment before its start. By the reader: the hold is released in
 * full. By the client: in full while more than 12 hours ahead or not yet accepted; later, half the
 * price goes to the reader as a late-cancellation fee and the rest is released (docs/decisions/048).
 */
export const cancelAppointment = (deps: AppointmentDeps, actor: SessionUser, id: string) =>
  withLockedAppointment(deps, actor, id, async (tx, row, side, now) => {
    if (row.status !== 'pending' && row.status !== 'accepted') throw conflict('This appointment is already over');
    if (now >= row.startsAt) throw conflict('This appointment has started: it can no longer be cancelled');
    const isLate =
      side === 'client' &&
      row.status === 'accepted' &&
      row.startsAt.getTime() - now.getTime() <= APPOINTMENT_FREE_CANCEL_HOURS * HOUR_MS;
    const feeCents = isLate ? appointmentFeeCents(row.priceCents) : 0;
    await settleAppointment(tx, row, { status: 'cancelled', cancelledBy: side, feeCents }, now);
    if (side === 'reader') {
      return notify(
        tx,
        row,
        row.clientId,
        'appointment_cancelled',
        'Your appointment was cancelled',
        `The reader cancelled ${describeReading(row)}: ${formatCents(row.priceCents)} is back in your wallet.`,
        now,
      );
    }
    const paid = feeCents > 0 ? ` A late-cancellation fee of ${formatCents(feeCents)} is yours.` : '';
    return notify(
      tx,
      row,
      row.readerId,
      'appointment_cancelled',
      'An appointment was cancelled',
      `The client cancelled ${describeReading(row)}.${paid}`,
      now,
    );
  });
