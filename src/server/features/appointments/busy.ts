import { APPOINTMENT_JOIN_EARLY_MINUTES } from '@shared/appointments';
import { and, asc, eq, gt, lte } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { appointments } from '../../db/schema';
import { conflict } from '../../errors';
import { MINUTE_MS } from '@shared/time-units';

/** How far ahead a reader asked for a walk-in reading is warned of their next booked one. */
const WALK_IN_WARNING_MS = 60 * MINUTE_MS;

/**
 * Checks a walk-in request against the reader's accepted appointments, in one read: a reader is
 * busy while an appointment's slot runs (from when 'Join' shows, 5 minutes before the start, to the
 * booked end), since a walk-in then would keep them from the client who booked (decision 048): 409.
 * Otherwise it answers the start of their next one within the hour, which a walk-in reading now
 * could run into (the request dialog warns the reader), or null.
 */
export async function walkInAgainstAppointments(
  db: DbOrTx,
  readerId: string,
  readerFirstName: string,
  nowMs: number,
): Promise<Date | null> {
  const [next] = await db
    .select({ startsAt: appointments.startsAt })
    .from(appointments)
    .where(
      and(
        eq(appointments.readerId, readerId),
        eq(appointments.status, 'accepted'),
        gt(appointments.endsAt, new Date(nowMs)),
        lte(appointments.startsAt, new Date(nowMs + WALK_IN_WARNING_MS)),
      ),
    )
    .orderBy(asc(appointments.startsAt))
    .limit(1);
  if (!next) return null;
  if (next.startsAt.getTime() <= nowMs + APPOINTMENT_JOIN_EARLY_MINUTES * MINUTE_MS) {
    throw conflict(`${readerFirstName} has a booked reading now. Please try again later.`);
  }
  return next.startsAt;
}
