import { and, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import { READER_SESSIONS_PAGE_SIZE, type ReaderSessionsPage } from '@shared/reader-dashboard';
import type { DbOrTx } from '../../db/client';
import { readingSessions, user } from '../../db/schema';

/** A reader sees a client by first name only: the rest of a name is the client's own business. */
export function firstNameOf(name: string | null): string | null {
  const first = name?.trim().split(/\s+/)[0];
  return first ? first : null;
}

/** The reader's readings that started (live or completed), newest first, one page at a time. */
export async function listReaderSessions(db: DbOrTx, readerId: string, page: number): Promise<ReaderSessionsPage> {
  const pageSize = READER_SESSIONS_PAGE_SIZE;
  const rows = await db
    .select({ session: readingSessions, clientName: user.name })
    .from(readingSessions)
    .innerJoin(user, eq(user.id, readingSessions.clientId))
    .where(
      and(
        eq(readingSessions.readerId, readerId),
        inArray(readingSessions.status, ['active', 'completed']),
        isNotNull(readingSessions.startedAt),
      ),
    )
    .orderBy(desc(readingSessions.startedAt), desc(readingSessions.id))
    // One row past the page says whether a next page exists, without counting them all.
    .limit(pageSize + 1)
    .offset((page - 1) * pageSize);
  return {
    sessions: rows.slice(0, pageSize).map(({ session, clientName }) => ({
      id: session.id,
      sessionType: session.sessionType,
      // Only these two are selected: a reading that is not active has completed.
      status: session.status === 'active' ? 'active' : 'completed',
      clientId: session.clientId,
      clientFirstName: firstNameOf(clientName),
      startedAt: session.startedAt!.toISOString(),
      endedAt: session.endedAt?.toISOString() ?? null,
      minutesCharged: session.minutesCharged,
      earningsCents: session.readerEarningsCents,
      isRefunded: session.refundedCents > 0,
      rating: session.rating,
      review: session.review,
    })),
    page,
    pageSize,
    hasMore: rows.length > pageSize,
  };
}
