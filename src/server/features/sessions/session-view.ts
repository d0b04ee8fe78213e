import { eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { type ReadingSession, ratableUntil } from '@shared/sessions';
import type { DbOrTx } from '../../db/client';
import { preparedPerDatabase } from '../../db/prepared';
import { readerProfiles, readingSessions, user } from '../../db/schema';
import { readerFullName } from '../readers';

export type SessionRow = typeof readingSessions.$inferSelect;

const clientUser = alias(user, 'client_user');
const readerUser = alias(user, 'reader_user');

/** Sessions with both participants' display names, for views and history. */
export function selectSessionsWithNames(db: DbOrTx) {
  return db
    .select({
      session: readingSessions,
      clientName: clientUser.name,
      clientImage: clientUser.image,
      readerName: sql<string>`coalesce(${readerFullName}, ${readerUser.name})`,
      readerImage: sql<string | null>`coalesce(${readerProfiles.profileImage}, ${readerUser.image})`,
      isReaderAutomated: sql<boolean>`coalesce(${readerProfiles.repliesAutomated}, false)`,
      // The reader's rate for this reading's type now: what extending a booked reading would cost a minute.
      liveRateCents: sql<
        number | null
      >`case ${readingSessions.sessionType} when 'audio' then ${readerProfiles.audioRateCents} when 'video' then ${readerProfiles.videoRateCents} else ${readerProfiles.chatRateCents} end`,
    })
    .from(readingSessions)
    .innerJoin(clientUser, eq(clientUser.id, readingSessions.clientId))
    .innerJoin(readerUser, eq(readerUser.id, readingSessions.readerId))
    .leftJoin(readerProfiles, eq(readerProfiles.userId, readingSessions.readerId));
}

type NamedRow = Awaited<ReturnType<typeof selectSessionsWithNames>>[number];

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toReadingSession(row: NamedRow): ReadingSession {
  const s = row.session;
  return {
    id: s.id,
    clientId: s.clientId,
    readerId: s.readerId,
    client: { id: s.clientId, name: row.clientName || 'Anonymous', avatarUrl: row.clientImage },
    reader: { id: s.readerId, name: row.readerName, avatarUrl: row.readerImage },
    sessionType: s.sessionType,
    status: s.status,
    ratePerMinuteCents: s.ratePerMinuteCents,
    minutesCharged: s.minutesCharged,
    totalCostCents: s.totalCostCents,
    freeMinutes: s.freeMinutes,
    readerEarningsCents: s.readerEarningsCents,
    refundedCents: s.refundedCents,
    endReason: s.endReason,
    requestedAt: s.requestedAt.toISOString(),
    expiresAt: iso(s.expiresAt),
    startedAt: iso(s.startedAt),
    endedAt: iso(s.endedAt),
    nextMinuteAt: iso(s.nextMinuteAt),
    pausedAt: iso(s.pausedAt),
    pauseReason: s.pauseReason,
    resumeBy: iso(s.resumeBy),
    rating: s.rating,
    review: s.review,
    ratableUntil: iso(ratableUntil(s)),
    isReaderAutomated: Boolean(row.isReaderAutomated),
    booking:
      s.appointmentId === null
        ? null
        : {
            appointmentId: s.appointmentId,
            bookedMinutes: s.maxMinutes!,
            liveRatePerMinuteCents: row.liveRateCents === null ? s.ratePerMinuteCents : Number(row.liveRateCents),
            clientExtendedAt: iso(s.clientExtendedAt),
            readerExtendedAt: iso(s.readerExtendedAt),
            extensionRatePerMinuteCents: s.extensionRatePerMinuteCents,
          },
  };
}

export const sessionRoom = (sessionId: string) => `session:${sessionId}`;

const viewById = preparedPerDatabase('session_view_by_id', (db) =>
  selectSessionsWithNames(db).where(eq(readingSessions.id, sql.placeholder('id'))),
);

export async function loadSessionView(db: DbOrTx, sessionId: string): Promise<ReadingSession | null> {
  const [row] = await viewById(db, { id: sessionId });
  return row ? toReadingSession(row) : null;
}
