import { and, eq, type Placeholder, sql } from 'drizzle-orm';
import type { LiveStream } from '@shared/live';
import type { DbOrTx } from '../../db/client';
import { liveStreams, readerFollows, readerProfiles, streamJoins, streamReminders } from '../../db/schema';
import { notFound } from '../../errors';
import { isListedReader } from '../readers';

const never = sql<boolean>`false`;

/**
 * The `viewer…` fields for one signed-in user (or a prepared statement's placeholder for one),
 * each a subquery so a list stays one round trip. A visitor gets false throughout: watching needs
 * a sign-in even when the stream is free.
 */
export function viewerColumns(viewerId: string | Placeholder | null) {
  if (!viewerId) return { viewerFollowsReader: never, viewerHasReminder: never, viewerHasJoined: never };
  return {
    viewerFollowsReader: sql<boolean>`exists (select 1 from ${readerFollows}
      where ${readerFollows.readerId} = ${liveStreams.readerId} and ${readerFollows.followerId} = ${viewerId})`,
    viewerHasReminder: sql<boolean>`exists (select 1 from ${streamReminders}
      where ${streamReminders.streamId} = ${liveStreams.id} and ${streamReminders.userId} = ${viewerId})`,
    viewerHasJoined: sql<boolean>`(${liveStreams.priceCents} = 0 or ${liveStreams.readerId} = ${viewerId} or exists (select 1 from ${streamJoins}
      where ${streamJoins.streamId} = ${liveStreams.id} and ${streamJoins.userId} = ${viewerId}))`,
  };
}

/** Streams with their reader and counts, as every page shows them; callers add the where and order. */
export function selectStreams(db: DbOrTx, viewerId: string | null) {
  return db
    .select({
      stream: liveStreams,
      firstName: readerProfiles.firstName,
      lastName: readerProfiles.lastName,
      username: readerProfiles.username,
      profileImage: readerProfiles.profileImage,
      specialties: readerProfiles.specialties,
      followerCount: sql<number>`(select count(*) from ${readerFollows} where ${readerFollows.readerId} = ${liveStreams.readerId})::int`,
      reminderCount: sql<number>`(select count(*) from ${streamReminders} where ${streamReminders.streamId} = ${liveStreams.id})::int`,
      ...viewerColumns(viewerId),
    })
    .from(liveStreams)
    .innerJoin(readerProfiles, eq(readerProfiles.userId, liveStreams.readerId))
    .$dynamic();
}

type StreamRow = Awaited<ReturnType<typeof selectStreams>>[number];

export function toLiveStream(row: StreamRow): LiveStream {
  const { stream } = row;
  return {
    id: stream.id,
    status: stream.status,
    title: stream.title,
    description: stream.description,
    category: stream.category,
    priceCents: stream.priceCents,
    scheduledFor: stream.scheduledFor?.toISOString() ?? null,
    expectedMinutes: stream.expectedMinutes,
    startedAt: stream.startedAt?.toISOString() ?? null,
    endedAt: stream.endedAt?.toISOString() ?? null,
    endReason: stream.endReason,
    viewerCount: stream.viewerCount,
    reminderCount: row.reminderCount,
    reader: {
      id: stream.readerId,
      fullName: `${row.firstName} ${row.lastName}`,
      username: row.username,
      profileImage: row.profileImage,
      specialties: row.specialties,
      followerCount: row.followerCount,
    },
    viewerFollowsReader: row.viewerFollowsReader,
    viewerHasReminder: row.viewerHasReminder,
    viewerHasJoined: row.viewerHasJoined,
  };
}

/**
 * One stream as `viewerId` sees it, or null when unknown. A suspended reader's streams are hidden
 * like every public listing, unless `includeSuspended` (an admin ending one must still see it).
 */
export async function findStream(
  db: DbOrTx,
  streamId: string,
  viewerId: string | null,
  options: { includeSuspended?: boolean } = {},
): Promise<LiveStream | null> {
  const [row] = await selectStreams(db, viewerId).where(
    and(eq(liveStreams.id, streamId), options.includeSuspended ? undefined : isListedReader),
  );
  return row ? toLiveStream(row) : null;
}

/** GET /api/live/streams/:id: ended ones too, so the page can say the stream has ended. */
export async function getStream(db: DbOrTx, streamId: string, viewerId: string | null): Promise<LiveStream> {
  const stream = await findStream(db, streamId, viewerId);
  if (!stream) throw notFound('Stream not found');
  return stream;
}
