import type { Appointment } from '@shared/appointments';
import { eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { appointments, readerProfiles, user } from '../../db/schema';

const client = alias(user, 'client');

/** Appointments with the names both sides see: the client's account name, the reader's profile name. */
export function selectAppointments(db: DbOrTx) {
  return db
    .select({
      row: appointments,
      clientName: client.name,
      readerName: sql<string>`${readerProfiles.firstName} || ' ' || ${readerProfiles.lastName}`,
      readerUsername: readerProfiles.username,
    })
    .from(appointments)
    .innerJoin(client, eq(client.id, appointments.clientId))
    .innerJoin(readerProfiles, eq(readerProfiles.userId, appointments.readerId));
}

export type AppointmentRow = typeof appointments.$inferSelect;

export function toAppointment({ row, clientName, readerName, readerUsername }: Awaited<ReturnType<typeof selectAppointments>>[number]): Appointment {
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
  };
}

export async function loadAppointment(db: DbOrTx, id: string): Promise<Appointment | null> {
  const [found] = await selectAppointments(db).where(eq(appointments.id, id));
  return found ? toAppointment(found) : null;
}
