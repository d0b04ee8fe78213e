import {
  type AppointmentList,
  type AppointmentSlots,
  APPOINTMENT_BOOKING_DAYS,
  APPOINTMENT_MINUTES,
} from '@shared/appointments';
import { and, count, desc, eq, or } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { appointments, readerProfiles } from '../../db/schema';
import { notFound } from '../../errors';
import { isListedReader } from '../readers';
import { readerCalendar } from './book';
import { HOUR_MS, MINUTE_MS } from '@shared/time-units';
import { freeSlots } from './slots';
import { selectAppointments, toAppointment } from './view';

/** The latest this many are listed (a dashboard tab, not an archive). */
export const APPOINTMENTS_LIST_LIMIT = 200;

/**
 * The user's appointments as client and as reader, soonest first, with how many they missed as a
 * reader. The latest starts are kept (every upcoming one is among them: at most 14 days of bookings).
 */
export async function listAppointments(db: DbOrTx, userId: string): Promise<AppointmentList> {
  const latest = await selectAppointments(db)
    .where(or(eq(appointments.clientId, userId), eq(appointments.readerId, userId)))
    .orderBy(desc(appointments.startsAt), desc(appointments.id))
    .limit(APPOINTMENTS_LIST_LIMIT);
  const rows = latest.reverse();
  const [missed] = await db
    .select({ n: count() })
    .from(appointments)
    .where(and(eq(appointments.readerId, userId), eq(appointments.status, 'missed_by_reader')));
  return { appointments: rows.map(toAppointment), missedByReaderCount: missed?.n ?? 0 };
}

const LONGEST_MS = Math.max(...APPOINTMENT_MINUTES) * MINUTE_MS;

/** What of a reader's schedule can be booked from now to 14 days ahead, at their current rates. */
export async function appointmentSlots(db: Db, readerId: string, nowMs: number): Promise<AppointmentSlots> {
  const [reader] = await db
    .select({
      timeZone: readerProfiles.timeZone,
      chat: readerProfiles.chatRateCents,
      audio: readerProfiles.audioRateCents,
      video: readerProfiles.videoRateCents,
    })
    .from(readerProfiles)
    .where(and(eq(readerProfiles.userId, readerId), isListedReader));
  if (!reader) throw notFound('Reader not found');
  const { timeZone, ...ratesPerMinuteCents } = reader;
  const { schedule, busy } = await db.transaction((tx) =>
    readerCalendar(
      tx,
      readerId,
      timeZone,
      new Date(nowMs),
      new Date(nowMs + APPOINTMENT_BOOKING_DAYS * 24 * HOUR_MS + LONGEST_MS),
    ),
  );
  return { timeZone, ratesPerMinuteCents, slots: freeSlots(schedule, busy, nowMs) };
}
