import { randomUUID } from 'node:crypto';
import {
  type Appointment,
  APPOINTMENT_ANSWER_HOURS,
  type BookAppointmentInput,
  OPEN_APPOINTMENT_STATUSES,
} from '@shared/appointments';
import { formatCents } from '@shared/money';
import { SERVER_EVENTS } from '@shared/realtime';
import { and, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { appointments, readerAvailability, readerProfiles } from '../../db/schema';
import { isUniqueViolation } from '../../db/unique-violation';
import { conflict, forbidden, notFound } from '../../errors';
import type { SessionUser } from '../auth';
import { deliverNotifications, type NotificationRow } from '../notifications';
import { isListedReader, RATE_COLUMN } from '../readers';
import { assertWalletMaySpend, getWalletBalanceCents, placeHold } from '../wallet';
import { type AppointmentDeps, appointmentReference } from './deps';
import { HOUR_MS, MINUTE_MS } from '@shared/time-units';
import { notifyAboutAppointment } from './notify';
import { fitsSchedule, overlaps, startTimeRefusal } from './slots';
import { loadAppointment } from './view';
import { assertNotBlocked } from '../blocks';

/**
 * Until when the reader may answer: 12 hours before the start or 12 hours after the booking,
 * whichever is sooner. A booking made less than 12 hours ahead has no such time left, so its reader
 * answers until 15 minutes before the start, when the last reminder would go (docs/decisions/048).
 */
export function answerDeadline(bookedAt: Date, startsAt: Date): Date {
  const deadline = Math.min(
    bookedAt.getTime() + APPOINTMENT_ANSWER_HOURS * HOUR_MS,
    startsAt.getTime() - APPOINTMENT_ANSWER_HOURS * HOUR_MS,
  );
  return new Date(deadline > bookedAt.getTime() ? deadline : startsAt.getTime() - 15 * MINUTE_MS);
}

/** The reader's weekly schedule and the open bookings that could overlap [from, to). */
export async function readerCalendar(tx: Tx, readerId: string, timeZone: string, from: Date, to: Date) {
  const slots = await tx
    .select({
      weekday: readerAvailability.weekday,
      startMinute: readerAvailability.startMinute,
      endMinute: readerAvailability.endMinute,
    })
    .from(readerAvailability)
    .where(eq(readerAvailability.readerId, readerId));
  const busy = await tx
    .select({ startsAt: appointments.startsAt, endsAt: appointments.endsAt })
    .from(appointments)
    .where(
      and(
        eq(appointments.readerId, readerId),
        inArray(appointments.status, OPEN_APPOINTMENT_STATUSES),
        lt(appointments.startsAt, to),
        gt(appointments.endsAt, from),
      ),
    );
  return { schedule: { timeZone, slots }, busy };
}

/**
 * A client books a slot of a reader's schedule (decision 048): the price (the reader's current rate ×
 * minutes) is held from the wallet in the transaction that records the booking, so a wallet that
 * cannot cover it (402) leaves no booking. Bookings of one reader are made one at a time (a
 * transaction-scoped advisory lock on the reader), so of two clients racing for one slot, or for
 * overlapping slots of different lengths, exactly one wins and the other gets 409; the unique index
 * on (reader, start) of open bookings stands behind it.
 */
export async function bookAppointment(
  deps: AppointmentDeps,
  booker: SessionUser,
  input: BookAppointmentInput,
): Promise<Appointment> {
  if (input.readerId === booker.id) throw forbidden('You cannot book a reading with yourself');
  const rateColumn = readerProfiles[RATE_COLUMN[input.sessionType]];
  const [reader] = await deps.db
    .select({ ratePerMinuteCents: rateColumn, timeZone: readerProfiles.timeZone, firstName: readerProfiles.firstName })
    .from(readerProfiles)
    .where(and(eq(readerProfiles.userId, input.readerId), isListedReader));
  if (!reader) throw notFound('Reader not found');
  await assertNotBlocked(deps.db, booker.id, input.readerId);
  await assertWalletMaySpend(deps.db, booker.id, new Date(deps.clock.now()));

  const now = new Date(deps.clock.now());
  const startsAt = new Date(input.startsAt);
  const endsAt = new Date(startsAt.getTime() + input.minutes * MINUTE_MS);
  const refusal = startTimeRefusal(startsAt.getTime(), now.getTime());
  if (refusal) throw conflict(refusal);
  const priceCents = reader.ratePerMinuteCents * input.minutes;
  const id = randomUUID();

  let notification: NotificationRow;
  try {
    notification = await deps.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`appointments:${input.readerId}`}, 0))`);
      const { schedule, busy } = await readerCalendar(tx, input.readerId, reader.timeZone, startsAt, endsAt);
      if (!fitsSchedule(schedule, startsAt.getTime(), input.minutes))
        throw conflict("That time is outside the reader's schedule");
      if (overlaps(busy, startsAt.getTime(), endsAt.getTime()))
        throw conflict('That time has just been booked: choose another');
      await tx.insert(appointments).values({
        id,
        clientId: booker.id,
        readerId: input.readerId,
        sessionType: input.sessionType,
        startsAt,
        endsAt,
        minutes: input.minutes,
        ratePerMinuteCents: reader.ratePerMinuteCents,
        priceCents,
        answerBy: answerDeadline(now, startsAt),
        createdAt: now,
      });
      await placeHold(tx, {
        userId: booker.id,
        amountCents: priceCents,
        reference: appointmentReference(id),
        creditFirstAt: now,
      });
      return notifyAboutAppointment(tx, {
        userId: input.readerId,
        kind: 'appointment_booked',
        title: 'A new appointment to answer',
        body: `A ${input.minutes}-minute ${input.sessionType} reading (${formatCents(priceCents)}) is waiting for you to accept or decline.`,
        subjectId: id,
        now,
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('That time has just been booked: choose another');
    throw error;
  }
  deliverNotifications(deps.realtime, [notification]);
  deps.realtime.toUser(booker.id, SERVER_EVENTS.walletUpdated, {
    balanceCents: await getWalletBalanceCents(deps.db, booker.id),
  });
  return (await loadAppointment(deps.db, id))!;
}
