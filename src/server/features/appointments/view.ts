import type { Appointment } from '@shared/appointments';
import { eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { appointments, readerProfiles, readingSessions, user } from '../../db/schema';
import { readerFullName } from '../readers';

const client = alias(user, 'client');

/** Appointments with the names both sides see: the client's account name, the reader's profile name. */
export function selectAppointments(db: DbOrTx) {
  return db
    .select({
      row: appointments,
      clientName: client.name,
      readerName: readerFullName,
      readerUsername: readerProfiles.username,
      // The booked reading's room once both sides joined (a room given up unstarted is not it).
      sessionId: sql<string | null>`(select ${readingSessions.id} from ${readingSessions}
        where ${readingSessions.appointmentId} = ${appointments.id} and ${readingSessions.status} <> 'cancelled' order by ${readingSessions.requestedAt} desc limit 1)`,
    })
    .from(appointments)
    .innerJoin(client, eq(client.id, appointments.clientId))
    .innerJoin(readerProfiles, eq(readerProfiles.userId, appointments.readerId));
}

export type AppointmentRow = typeof appointments.$inferSelect;

export function toAppointment({
  row,
  clientName,
  readerName,
  readerUsername,
  sessionId,
}: Awaited<ReturnType<typeof selectAppointments>>[number]): Appointment {
  return {
    id: row.id,
    clientId: row.clientId,
    clientName,
    readerId: row.readerId,
    readerName,
    readerUsername,
    sessionType: row.sessionType,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    minutes: row.minutes,
    ratePerMinuteCents: row.ratePerMinuteCents,
    priceCents: row.priceCents,
    status: row.status,
    answerBy: row.answerBy.toISOString(),
    cancelledBy: row.cancelledBy,
    feeCents: row.feeCents,
    createdAt: row.createdAt.toISOString(),
    settledAt: row.settledAt?.toISOString() ?? null,
    clientJoinedAt: row.clientJoinedAt?.toISOString() ?? null,
    readerJoinedAt: row.readerJoinedAt?.toISOString() ?? null,
    sessionId,
  };
}

export async function loadAppointment(db: DbOrTx, id: string): Promise<Appointment | null> {
  const [found] = await selectAppointments(db).where(eq(appointments.id, id));
  return found ? toAppointment(found) : null;
}
