import { randomUUID } from 'node:crypto';
import { type Appointment, APPOINTMENT_JOIN_EARLY_MINUTES } from '@shared/appointments';
import { SERVER_EVENTS } from '@shared/realtime';
import { eq } from 'drizzle-orm';
import { appointments, readingSessions } from '../../db/schema';
import { isUniqueViolation } from '../../db/unique-violation';
import { conflict, notFound } from '../../errors';
import type { SessionUser } from '../auth';
import type { AppointmentDeps } from './deps';
import { MINUTE_MS } from '@shared/time-units';
import { loadAppointment } from './view';

/**
 * A side presses 'Join' on an accepted appointment, from 5 minutes before the start until its end
 * (10 minutes after the start, a side that has not joined has missed it: due-work.ts). When both
 * have, the reading is opened as an accepted session at the booked rate, with no free minutes, that
 * bills from the hold and ends at the booked length (sessions/booked-reading.ts); from there the
 * reading room starts it as any reading when both are in. Under the appointment's row lock, and the
 * one-open-reading-per-appointment index stands behind it, so two Joins at once open one reading.
 */
export async function joinAppointment(deps: AppointmentDeps, actor: SessionUser, id: string): Promise<Appointment> {
  const now = new Date(deps.clock.now());
  const opened = await deps.db
    .transaction(async (tx) => {
      const [row] = await tx.select().from(appointments).where(eq(appointments.id, id)).for('update');
      if (!row || (row.clientId !== actor.id && row.readerId !== actor.id)) throw notFound('Appointment not found');
      if (row.status !== 'accepted') throw conflict('Only an accepted appointment can be joined');
      if (now.getTime() < row.startsAt.getTime() - APPOINTMENT_JOIN_EARLY_MINUTES * MINUTE_MS)
        throw conflict(`'Join' opens ${APPOINTMENT_JOIN_EARLY_MINUTES} minutes before the start`);
      if (now >= row.endsAt) throw conflict('This appointment is over');
      const isClient = row.clientId === actor.id;
      const joined = {
        clientJoinedAt: row.clientJoinedAt ?? (isClient ? now : null),
        readerJoinedAt: row.readerJoinedAt ?? (isClient ? null : now),
      };
      await tx.update(appointments).set(joined).where(eq(appointments.id, id));
      if (!joined.clientJoinedAt || !joined.readerJoinedAt) return null;
      const [open] = await tx
        .select({ id: readingSessions.id, status: readingSessions.status })
        .from(readingSessions)
        .where(eq(readingSessions.appointmentId, id));
      if (open && ['requested', 'accepted', 'active'].includes(open.status)) return null;
      const sessionId = randomUUID();
      await tx.insert(readingSessions).values({
        id: sessionId,
        clientId: row.clientId,
        readerId: row.readerId,
        sessionType: row.sessionType,
        status: 'accepted',
        ratePerMinuteCents: row.ratePerMinuteCents,
        requestedAt: now,
        respondedAt: now,
        freeMinutes: 0,
        appointmentId: id,
        maxMinutes: row.minutes,
      });
      return { sessionId, clientId: row.clientId, readerId: row.readerId };
    })
    .catch((error: unknown) => {
      // Either side is still in another reading (one open reading each): they must end it first.
      if (isUniqueViolation(error)) throw conflict('End your other reading first: one of you is still in it');
      throw error;
    });
  if (opened) {
    // Both sides' pages open the reading room.
    for (const userId of [opened.clientId, opened.readerId]) {
      deps.realtime.toUser(userId, SERVER_EVENTS.sessionResponse, {
        sessionId: opened.sessionId,
        response: 'accept',
        status: 'accepted',
      });
    }
  }
  return (await loadAppointment(deps.db, id))!;
}
