import { and, eq, inArray, sql } from 'drizzle-orm';
import type { JoinQueueInput, QueuePlace, QueueRefusal } from '@shared/queue';
import { OPEN_SESSION_STATUSES } from '@shared/sessions';
import { readerProfiles, readerQueue, readingSessions, user } from '../../db/schema';
import { isUniqueViolation } from '../../db/unique-violation';
import { conflict, forbidden, notFound } from '../../errors';
import type { SessionUser } from '../auth';
import { assertOffersSessionType, isListedReader, RATE_COLUMN } from '../readers';
import { assertBalanceCoversMinute } from '../wallet';
import type { QueueDeps } from './deps';
import { findQueuePlace } from './queue-line';
import { assertNotBlocked } from '../blocks';

const refused = (reason: QueueRefusal, message: string) => conflict(message, { reason });

/**
 * POST /api/readers/:id/queue: a client waits in line for a reader who cannot take them now (in a
 * reading, or kept for the line already). One line per client; joining the same line again answers
 * the place held, never a second one. The client must be able to pay what a request would need.
 */
export async function joinQueue(
  deps: QueueDeps,
  client: SessionUser,
  readerId: string,
  input: JoinQueueInput,
): Promise<{ place: QueuePlace; isNew: boolean }> {
  if (client.role !== 'client') throw forbidden('Only clients can join a queue');
  const { db } = deps;
  const now = new Date(deps.clock.now());
  const [reader] = await db
    .select({
      userId: readerProfiles.userId,
      firstName: readerProfiles.firstName,
      isOnline: readerProfiles.isOnline,
      repliesAutomated: readerProfiles.repliesAutomated,
      rateCents: readerProfiles[RATE_COLUMN[input.sessionType]],
      isTaken: sql<boolean>`exists (select 1 from ${readingSessions} where ${readingSessions.readerId} = ${readerProfiles.userId}
          and ${inArray(readingSessions.status, [...OPEN_SESSION_STATUSES])})
        or exists (select 1 from ${readerQueue} where ${readerQueue.readerId} = ${readerProfiles.userId})`,
    })
    .from(readerProfiles)
    .innerJoin(user, eq(user.id, readerProfiles.userId))
    .where(and(eq(readerProfiles.userId, readerId), isListedReader));
  if (!reader) throw notFound('Reader not found');
  // A line for a kind of reading the reader does not give would end in a refused request.
  assertOffersSessionType(reader, input.sessionType);
  await assertNotBlocked(db, client.id, readerId);

  const held = await findQueuePlace(db, client.id);
  if (held?.readerId === readerId) return { place: held, isNew: false };
  if (held)
    throw refused('in_another_queue', `You are already in ${held.readerName}'s queue. Leave it to join another.`);
  if (!reader.isOnline) throw refused('reader_offline', `${reader.firstName} is offline right now`);
  if (!reader.isTaken)
    throw refused('reader_free', `${reader.firstName} is free right now. Request a reading instead.`);
  const [inReading] = await db
    .select({ id: readingSessions.id })
    .from(readingSessions)
    .where(and(eq(readingSessions.clientId, client.id), inArray(readingSessions.status, [...OPEN_SESSION_STATUSES])));
  if (inReading) throw refused('in_a_reading', 'You already have a reading in progress');
  await assertBalanceCoversMinute(db, client.id, reader.rateCents, now);

  try {
    await db
      .insert(readerQueue)
      .values({ clientId: client.id, readerId, sessionType: input.sessionType, joinedAt: now });
  } catch (error) {
    // A second join that raced this one (a double click): the place it took is the answer.
    if (!isUniqueViolation(error)) throw error;
    const raced = await findQueuePlace(db, client.id);
    if (raced?.readerId === readerId) return { place: raced, isNew: false };
    throw refused('in_another_queue', 'You are already in another queue. Leave it to join another.');
  }
  return { place: (await findQueuePlace(db, client.id))!, isNew: true };
}
