import { desc, eq } from 'drizzle-orm';
import type { AdminSessionsPage, AdminSessionsQuery } from '@shared/admin';
import type { DbOrTx } from '../../db/client';
import { readingSessions } from '../../db/schema';
import { selectSessionsWithNames, toReadingSession } from '../sessions';

/** Every reading session, newest request first, optionally of one status. */
export async function listSessions(db: DbOrTx, query: AdminSessionsQuery): Promise<AdminSessionsPage> {
  const rows = await selectSessionsWithNames(db)
    .where(query.status ? eq(readingSessions.status, query.status) : undefined)
    .orderBy(desc(readingSessions.requestedAt), desc(readingSessions.id))
    .limit(query.limit + 1)
    .offset(query.offset);
  return { sessions: rows.slice(0, query.limit).map(toReadingSession), hasMore: rows.length > query.limit };
}
