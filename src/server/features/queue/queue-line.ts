import { eq, inArray, sql } from 'drizzle-orm';
import type { QueuePlace } from '@shared/queue';
import { SERVER_EVENTS } from '@shared/realtime';
import type { DbOrTx } from '../../db/client';
import { readerProfiles, readerQueue } from '../../db/schema';
import type { Outbox } from '../../realtime/outbox';
import { readerFullName } from '../readers';

/**
 * A reader's line is their `reader_queue` rows in joining order; the client id breaks a tie between
 * two joins in the same instant, so every process counts the same positions.
 */
const linePosition =
  sql<number>`row_number() over (partition by ${readerQueue.readerId} order by ${readerQueue.joinedAt}, ${readerQueue.clientId})`.mapWith(
    Number,
  );

export type QueueRow = typeof readerQueue.$inferSelect;

/** Every place in the given readers' lines with its position. */
export function linePlaces(db: DbOrTx, readerIds: string[]) {
  return db
    .select({
      clientId: readerQueue.clientId,
      readerId: readerQueue.readerId,
      joinedAt: readerQueue.joinedAt,
      position: linePosition,
    })
    .from(readerQueue)
    .where(inArray(readerQueue.readerId, readerIds));
}

/**
 * Tells everyone who stood behind the places that just left a line their new position. `left` are
 * the rows removed (deleted ... returning), from any number of lines.
 */
export async function announceMovedUp(
  db: DbOrTx,
  left: Pick<QueueRow, 'readerId' | 'clientId' | 'joinedAt'>[],
  outbox: Outbox,
) {
  if (left.length === 0) return;
  const isBehind = (place: { readerId: string; clientId: string; joinedAt: Date }) =>
    left.some(
      (gone) =>
        gone.readerId === place.readerId &&
        (gone.joinedAt < place.joinedAt ||
          (gone.joinedAt.getTime() === place.joinedAt.getTime() && gone.clientId < place.clientId)),
    );
  for (const place of await linePlaces(db, [...new Set(left.map((gone) => gone.readerId))])) {
    if (isBehind(place))
      outbox.toUser(place.clientId, SERVER_EVENTS.queuePosition, {
        readerId: place.readerId,
        position: place.position,
      });
  }
}

const RATE_COLUMN = {
  chat: readerProfiles.chatRateCents,
  audio: readerProfiles.audioRateCents,
  video: readerProfiles.videoRateCents,
} as const;

/** The reader's rate for the kind of reading the client queued for. */
export const queuedRateCents = sql<number>`case ${readerQueue.sessionType}
  when 'audio' then ${RATE_COLUMN.audio} when 'video' then ${RATE_COLUMN.video} else ${RATE_COLUMN.chat} end`.mapWith(
  Number,
);

/** The client's place in whichever line they are in, or null. */
export async function findQueuePlace(db: DbOrTx, clientId: string): Promise<QueuePlace | null> {
  const [place] = await db
    .select({
      readerId: readerQueue.readerId,
      readerName: readerFullName,
      readerUsername: readerProfiles.username,
      sessionType: readerQueue.sessionType,
      ratePerMinuteCents: queuedRateCents,
      joinedAt: readerQueue.joinedAt,
      offerExpiresAt: readerQueue.offerExpiresAt,
      position: sql<number>`(select count(*) from ${readerQueue} ahead
        where ahead.reader_id = ${readerQueue.readerId}
          and (ahead.joined_at, ahead.client_id) <= (${readerQueue.joinedAt}, ${readerQueue.clientId}))`.mapWith(
        Number,
      ),
    })
    .from(readerQueue)
    .innerJoin(readerProfiles, eq(readerProfiles.userId, readerQueue.readerId))
    .where(eq(readerQueue.clientId, clientId));
  if (!place) return null;
  return {
    ...place,
    sessionType: place.sessionType,
    joinedAt: place.joinedAt.toISOString(),
    offerExpiresAt: place.offerExpiresAt?.toISOString() ?? null,
  };
}

/** Display names of readers, for the notices their lines' clients get. */
export async function readerNames(db: DbOrTx, readerIds: string[]): Promise<Map<string, string>> {
  if (readerIds.length === 0) return new Map();
  const rows = await db
    .select({ id: readerProfiles.userId, name: readerFullName })
    .from(readerProfiles)
    .where(inArray(readerProfiles.userId, [...new Set(readerIds)]));
  return new Map(rows.map((row) => [row.id, row.name]));
}
