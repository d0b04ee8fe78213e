import { APPOINTMENT_JOIN_EARLY_MINUTES } from '@shared/appointments';
import { and, eq, gt, lte } from 'drizzle-orm';
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
