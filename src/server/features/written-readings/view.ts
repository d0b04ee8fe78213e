import { RATING_WINDOW_DAYS } from '@shared/constants';
import type { WrittenReading } from '@shared/written-readings';
import { eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { readerProfiles, user, writtenReadings } from '../../db/schema';
import { readerFullName } from '../readers';

const RATING_WINDOW_MS = RATING_WINDOW_DAYS * 24 * 60 * 60 * 1000;
const client = alias(user, 'client');

/** Written readings with the names both sides see: the client's account name, the reader's profile name. */
export function selectWrittenReadings(db: DbOrTx) {
  return db
    .select({
      row: writtenReadings,
      clientName: client.name,
      readerName: readerFullName,
      readerUsername: readerProfiles.username,
    })
    .from(writtenReadings)
    .innerJoin(client, eq(client.id, writtenReadings.clientId))
    .innerJoin(readerProfiles, eq(readerProfiles.userId, writtenReadings.readerId));
}

type Row = typeof writtenReadings.$inferSelect;

/** Until when the client may rate an answer: RATING_WINDOW_DAYS after it, if answered and not rated yet. */
export function ratableUntil(row: Pick<Row, 'status' | 'rating' | 'answeredAt'>): Date | null {
  if (row.status !== 'answered' || row.rating !== null || row.answeredAt === null) return null;
  return new Date(row.answeredAt.getTime() + RATING_WINDOW_MS);
}

export function toWrittenReading(
  { row, clientName, readerName, readerUsername }: Awaited<ReturnType<typeof selectWrittenReadings>>[number],
  now: number,
): WrittenReading {
  const until = ratableUntil(row);
  return {
    id: row.id,
    clientId: row.clientId,
    clientName,
    readerId: row.readerId,
    readerName,
    readerUsername,
    question: row.question,
    answer: row.answer,
    priceCents: row.priceCents,
    answerHours: row.answerHours,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    dueAt: row.dueAt.toISOString(),
    answeredAt: row.answeredAt?.toISOString() ?? null,
    refundedAt: row.refundedAt?.toISOString() ?? null,
    rating: row.rating,
    review: row.review,
    ratableUntil: until && until.getTime() > now ? until.toISOString() : null,
  };
}

export async function loadWrittenReading(db: DbOrTx, id: string, now: number): Promise<WrittenReading | null> {
  const [found] = await selectWrittenReadings(db).where(eq(writtenReadings.id, id));
  return found ? toWrittenReading(found, now) : null;
}
