import { and, desc, eq, isNotNull, isNull } from 'drizzle-orm';
import type { AdminSessionsPage, AdminSessionsQuery } from '@shared/admin';
import type { DbOrTx } from '../../db/client';
import { readingSessions } from '../../db/schema';
import { selectSessionsWithNames, toReadingSession } from '../sessions';

/** Every reading session, newest request first, optionally of one status and only booked (appointments) or walk-in ones. */
export async function listSessions(db: DbOrTx, query: AdminSessionsQuery): Promise<AdminSessionsPage> {
  const rows = await selectSessionsWithNames(db)
    .where(
      and(
        query.status ? eq(readingSessions.status, query.status) : undefined,
        query.booking === 'booked'
          ? isNotNull(readingSessions.appointmentId)
          : query.booking === 'walk-in'
            ? isNull(readingSessions.appointmentId)
            : undefined,
      ),
    )
    .orderBy(desc(readingSessions.requestedAt), desc(readingSessions.id))
    .limit(query.limit + 1)
    .offset(query.offset);
  return { sessions: rows.slice(0, query.limit).map(toReadingSession), hasMore: rows.length > query.limit };
}
