import { type SQL, and, eq, inArray, isNull, lte, not, sql } from 'drizzle-orm';
import { SERVER_EVENTS } from '@shared/realtime';
import { OPEN_SESSION_STATUSES } from '@shared/sessions';
import type { DbOrTx } from '../../db/client';
import { readerProfiles, readerQueue, readingSessions } from '../../db/schema';
import { Outbox } from '../../realtime/outbox';
import { queueQueueOfferPush } from '../notifications';
import type { QueueDeps } from './deps';
import { announceMovedUp, findQueuePlace, readerNames } from './queue-line';

const hasOpenOffer = sql`exists (select 1 from ${readerQueue} offered
  where offered.reader_id = ${readerQueue.readerId} and offered.offer_expires_at is not null)`;
const hasOpenSession = sql`exists (select 1 from ${readingSessions} open_session
  where open_session.reader_id = ${readerQueue.readerId} and open_session.status in (${sql.join(
    OPEN_SESSION_STATUSES.map((status) => sql`${status}`),
    sql`, `,
  )}))`;

/**
 * Offers every online reader who is free (no open session) and kept for no one to the first client
 * in their line: the reader is kept for that client until `offer_expires_at`, one billing minute.
 * One UPDATE, so when processes race each first place is offered by exactly one of them.
 */
export async function offerFreeReaders(
  db: DbOrTx,
  now: Date,
  offerMs: number,
  outbox: Outbox,
  onlyReaderId?: string,
): Promise<number> {
  const firstInLine = db
    .selectDistinctOn([readerQueue.readerId], { clientId: readerQueue.clientId })
    .from(readerQueue)
    .innerJoin(readerProfiles, eq(readerProfiles.userId, readerQueue.readerId))
    .where(
      and(
        eq(readerProfiles.isOnline, true),
        not(hasOpenOffer),
        not(hasOpenSession),
        onlyReaderId === undefined ? undefined : eq(readerQueue.readerId, onlyReaderId),
      ),
    )
    .orderBy(readerQueue.readerId, readerQueue.joinedAt, readerQueue.clientId);
  const expiresAt = new Date(now.getTime() + offerMs);
  const offered = await db
    .update(readerQueue)
    .set({ offeredAt: now, offerExpiresAt: expiresAt })
    .where(and(inArray(readerQueue.clientId, firstInLine), isNull(readerQueue.offerExpiresAt)))
    .returning({ clientId: readerQueue.clientId });
  for (const { clientId } of offered) {
    const place = await findQueuePlace(db, clientId);
    if (!place) continue;
    const { readerId, readerName, sessionType, ratePerMinuteCents } = place;
    outbox.toUser(clientId, SERVER_EVENTS.queueOffer, {
      readerId,
      readerName,
      sessionType,
      ratePerMinuteCents,
      expiresAt: expiresAt.toISOString(),
    });
    await queueQueueOfferPush(db, { clientId, readerId, readerName, now });
  }
  return offered.length;
}

/** Empties the lines `which` selects, telling each client why. */
async function closeLines(db: DbOrTx, which: SQL, reason: 'reader_offline' | 'offer_expired', outbox: Outbox) {
  const closed = await db.delete(readerQueue).where(which).returning();
  const names = await readerNames(
    db,
    closed.map((place) => place.readerId),
  );
  for (const { clientId, readerId } of closed) {
    outbox.toUser(clientId, SERVER_EVENTS.queueClosed, {
      readerId,
      readerName: names.get(readerId) ?? 'The reader',
      reason,
    });
  }
  return closed;
}

/** A reader who goes offline (or is turned offline) leaves nobody waiting for them. */
export function closeQueueOf(db: DbOrTx, readerId: string, outbox: Outbox) {
  return closeLines(db, eq(readerQueue.readerId, readerId), 'reader_offline', outbox);
}

/**
 * The queue's share of each scheduler pass: lines of readers who are offline by now (absent,
 * suspended) close; offers that passed unanswered drop their client, and the rest move up; every
 * free reader with a line is offered to its first client. A reader's reading ending is noticed here
 * too, within a tick, which is what makes the offer (see docs/decisions/021).
 */
export async function runQueueWork(deps: QueueDeps): Promise<number> {
  // Nobody in any line (an idle node's every tick): nothing to close, move up or offer, and one
  // look instead of a transaction of three statements. Someone who joins meanwhile is the next tick's.
  const [anyone] = await deps.db.select({ clientId: readerQueue.clientId }).from(readerQueue).limit(1);
  if (!anyone) return 0;
  const now = new Date(deps.clock.now());
  const outbox = new Outbox();
  const handled = await deps.db.transaction(async (tx) => {
    const offline = tx
      .select({ id: readerProfiles.userId })
      .from(readerProfiles)
      .where(eq(readerProfiles.isOnline, false));
    const closed = await closeLines(tx, inArray(readerQueue.readerId, offline), 'reader_offline', outbox);
    const lapsed = await closeLines(tx, lte(readerQueue.offerExpiresAt, now), 'offer_expired', outbox);
    await announceMovedUp(tx, lapsed, outbox);
    return closed.length + lapsed.length + (await offerFreeReaders(tx, now, deps.timing.minuteMs, outbox));
  });
  outbox.flush(deps.realtime);
  return handled;
}
