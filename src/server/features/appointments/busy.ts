import { APPOINTMENT_JOIN_EARLY_MINUTES } from '@shared/appointments';
import { and, asc, eq, gt, lte } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { appointments } from '../../db/schema';
import { conflict } from '../../errors';
import { MINUTE_MS } from './deps';

/**
 * A reader is busy for walk-in requests while an accepted appointment's slot runs (from when
 * 'Join' shows, 5 minutes before the start, to the booked end): a walk-in then would keep them
 * from the client who booked (issue 31).
 */
export async function assertNoAppointmentNow(db: DbOrTx, readerId: string, readerFirstName: string, nowMs: number): Promise<void> {
  const [booked] = await db
    .select({ id: appointments.id })
    .from(appointments)
    .where(
      and(
        eq(appointments.readerId, readerId),
        eq(appointments.status, 'accepted'),
        lte(appointments.startsAt, new Date(nowMs + APPOINTMENT_JOIN_EARLY_MINUTES * MINUTE_MS)),
        gt(appointments.endsAt, new Date(nowMs)),
      ),
    )
    .limit(1);
  if (booked) throw conflict(`${readerFirstName} has a booked reading now. Please try again later.`);
}

/** How far ahead a reader asked for a walk-in reading is warned of their next booked one. */
const WALK_IN_WARNING_MS = 60 * MINUTE_MS;

/** The start of the reader's next accepted appointment within the hour, which a walk-in reading now could run into; null when none. */
export async function nextAppointmentSoon(db: DbOrTx, readerId: string, nowMs: number): Promise<Date | null> {
  const [next] = await db
    .select({ startsAt: appointments.startsAt })
    .from(appointments)
    .where(and(eq(appointments.readerId, readerId), eq(appointments.status, 'accepted'), gt(appointments.startsAt, new Date(nowMs)), lte(appointments.startsAt, new Date(nowMs + WALK_IN_WARNING_MS))))
    .orderBy(asc(appointments.startsAt))
    .limit(1);
  return next?.startsAt ?? null;
}
