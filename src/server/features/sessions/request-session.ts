import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { SERVER_EVENTS, type SessionRequestEvent } from '@shared/realtime';
import { OPEN_SESSION_STATUSES, type ReadingSession, type SessionRequestInput } from '@shared/sessions';
import { readerProfiles, readingSessions, user } from '../../db/schema';
import { isUniqueViolation } from '../../db/unique-violation';
import { walkInAgainstAppointments } from '../appointments';
import { conflict, forbidden, notFound } from '../../errors';
import { Outbox } from '../../realtime/outbox';
import type { SessionUser } from '../auth';
import { queueReadingRequestPush } from '../notifications';
import { assertReaderNotKeptForOthers, leaveAnyLine } from '../queue';
import { assertOffersSessionType, freeMinutesFor, RATE_COLUMN } from '../readers';
import { assertBalanceCoversMinute } from '../wallet';
import type { SessionDeps } from './deps';
import { loadSessionView } from './session-view';
import { assertNotBlocked } from '../blocks';

/**
 * A client asks an online, free reader for a reading. The reader's current rate for the type and
 * their free-minutes offer as it applies to this client are fixed for the whole session; the
 * partial unique indexes refuse a second open session for either. A reader with a queue is kept
 * for it (the offered client confirms with this request); a request that goes through uses up the
 * client's place in any line.
 */
export async function requestSession(
  deps: SessionDeps,
  client: SessionUser,
  input: SessionRequestInput,
): Promise<ReadingSession> {
  if (client.role !== 'client') throw forbidden('Only clients can request a reading');
  const now = new Date(deps.clock.now());
  const [found] = await deps.db
    .select({ reader: readerProfiles, suspendedAt: user.suspendedAt, freeMinutes: freeMinutesFor(client.id) })
    .from(readerProfiles)
    .innerJoin(user, eq(user.id, readerProfiles.userId))
    .where(eq(readerProfiles.userId, input.readerId));
  if (!found) throw notFound('Reader not found');
  const { reader } = found;
  await assertNotBlocked(deps.db, client.id, reader.userId);
  const rate = reader[RATE_COLUMN[input.sessionType]];
  if (input.ratePerMinuteCents !== undefined && input.ratePerMinuteCents !== rate) {
    throw conflict("The reader's rate has changed", { ratePerMinuteCents: rate });
  }
  if (!reader.isOnline) throw conflict(`${reader.firstName} is offline right now`);
  assertOffersSessionType(reader, input.sessionType);
  if (found.suspendedAt) throw conflict(`${reader.firstName} is not available for readings`);
  const nextAppointmentAt = await walkInAgainstAppointments(deps.db, reader.userId, reader.firstName, now.getTime());
  await assertBalanceCoversMinute(deps.db, client.id, rate, now);
  await assertReaderNotKeptForOthers(deps.db, reader, client.id, now);
  const id = randomUUID();
  try {
    // The row and the reader's push in one transaction: a push for a request that failed is never sent.
    await deps.db.transaction(async (tx) => {
      await tx.insert(readingSessions).values({
        id,
        clientId: client.id,
        readerId: reader.userId,
        sessionType: input.sessionType,
        status: 'requested',
        ratePerMinuteCents: rate,
        freeMinutes: found.freeMinutes,
        requestedAt: now,
        expiresAt: new Date(now.getTime() + deps.timing.requestTimeoutMs),
      });
      await queueReadingRequestPush(tx, {
        readerId: reader.userId,
        sessionId: id,
        clientName: client.name || 'Anonymous',
        sessionType: input.sessionType,
        now,
      });
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    // Which of the two one-open-session indexes refused it decides the message.
    const [readerBusy] = await deps.db
      .select({ id: readingSessions.id })
      .from(readingSessions)
      .where(
        and(eq(readingSessions.readerId, reader.userId), inArray(readingSessions.status, [...OPEN_SESSION_STATUSES])),
      );
    throw conflict(
      readerBusy
        ? `${reader.firstName} is in another session. Please try again later.`
        : 'You already have a reading in progress',
    );
  }
  const event: SessionRequestEvent = {
    sessionId: id,
    clientId: client.id,
    clientName: client.name || 'Anonymous',
    sessionType: input.sessionType,
    ratePerMinuteCents: rate,
    expiresAt: new Date(now.getTime() + deps.timing.requestTimeoutMs).toISOString(),
  };
  // A booked reading within the hour: the reader is warned this one could run into it.
  if (nextAppointmentAt) event.nextAppointmentAt = nextAppointmentAt.toISOString();
  const outbox = new Outbox();
  await leaveAnyLine(deps.db, client.id, outbox);
  outbox.toUser(reader.userId, SERVER_EVENTS.sessionRequest, event).flush(deps.realtime);
  return (await loadSessionView(deps.db, id))!;
}
