import type { FastifyInstance } from 'fastify';
import { devApi } from '@shared/api/dev';
import { and, eq, sql } from 'drizzle-orm';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { appointments } from '../../db/schema';
import { route } from '../../endpoint-route';
import { notFound } from '../../errors';
import { MINUTE_MS } from '@shared/time-units';

/**
 * The end-to-end suite's shortcut, outside production only and when DEV_APPOINTMENT_SHORTCUT is
 * set: an accepted appointment is moved to start one minute from now, so a browser can book a slot
 * (at least an hour ahead, by the rules) and then join it at once. The server's clock and the
 * browsers' stay true, so no other spec sees time jump.
 */
export async function devAppointmentRoutes(app: FastifyInstance, deps: { db: Db; clock: Clock }) {
  route({ app }, devApi.startAppointmentSoon, async (request) => {
    const startsAt = new Date(Math.ceil((deps.clock.now() + MINUTE_MS) / 1000) * 1000);
    const [moved] = await deps.db
      .update(appointments)
      .set({
        startsAt,
        endsAt: sql`${startsAt.toISOString()}::timestamptz + make_interval(mins => ${appointments.minutes})`,
      })
      .where(and(eq(appointments.id, request.params.id), eq(appointments.status, 'accepted')))
      .returning({ startsAt: appointments.startsAt });
    if (!moved) throw notFound('No accepted appointment with that id');
    return { startsAt: moved.startsAt.toISOString() };
  });
}
