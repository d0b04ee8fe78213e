import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { type FavoriteReader, TOP_READERS_BY_SESSIONS } from '@shared/favorites';
import type { DbOrTx } from '../../db/client';
import { favoriteReaders, readerProfiles, readingSessions, user } from '../../db/schema';
import { isListedReader, readerIsBusy } from '../readers';

/** The readers a client completed the most readings with, most first; the latest reading breaks a tie. */
async function topReaderIdsBySessions(db: DbOrTx, clientId: string): Promise<string[]> {
  const rows = await db
    .select({ readerId: readingSessions.readerId })
    .from(readingSessions)
    .where(and(eq(readingSessions.clientId, clientId), eq(readingSessions.status, 'completed')))
    .groupBy(readingSessions.readerId)
    .orderBy(desc(sql`count(*)`), desc(sql`max(${readingSessions.endedAt})`))
    .limit(TOP_READERS_BY_SESSIONS);
  return rows.map((row) => row.readerId);
}

async function heartedReaderIds(db: DbOrTx, clientId: string): Promise<string[]> {
  const rows = await db
    .select({ readerId: favoriteReaders.readerId })
    .from(favoriteReaders)
    .where(eq(favoriteReaders.clientId, clientId))
    .orderBy(desc(favoriteReaders.createdAt));
  return rows.map((row) => row.readerId);
}

/**
 * The readers of a client's Favorite Readers: the hearted ones, and with `withTopBySessions` also the
 * top readers by completed readings together, each once. Most readings together first; among equals
 * the latest reading together, then the latest hearted. Suspended readers are left out: they cannot be booked.
 */
export async function listFavoriteReaders(
  db: DbOrTx,
  clientId: string,
  options: { withTopBySessions: boolean },
): Promise<FavoriteReader[]> {
  const hearted = await heartedReaderIds(db, clientId);
  const top = options.withTopBySessions ? await topReaderIdsBySessions(db, clientId) : [];
  const ids = [...new Set([...top, ...hearted])];
  if (ids.length === 0) return [];

  const withYou = sql<number>`(select count(*) from ${readingSessions}
    where ${readingSessions.readerId} = ${readerProfiles.userId} and ${readingSessions.clientId} = ${clientId} and ${readingSessions.status} = 'completed')::int`;
  const rows = await db
    .select({
      id: readerProfiles.userId,
      firstName: readerProfiles.firstName,
      lastName: readerProfiles.lastName,
      username: readerProfiles.username,
      profileImage: readerProfiles.profileImage,
      specialties: readerProfiles.specialties,
      isOnline: readerProfiles.isOnline,
      isBusy: readerIsBusy,
      completedSessionsWithYou: withYou,
    })
    .from(readerProfiles)
    .innerJoin(user, eq(user.id, readerProfiles.userId))
    .where(and(inArray(readerProfiles.userId, ids), isListedReader));

  const heartedIds = new Set(hearted);
  const position = new Map(ids.map((id, index) => [id, index]));
  return rows
    .map(
      ({ firstName, lastName, ...row }): FavoriteReader => ({
        ...row,
        fullName: `${firstName} ${lastName}`,
        isFavorite: heartedIds.has(row.id),
      }),
    )
    .sort(
      (a, b) => b.completedSessionsWithYou - a.completedSessionsWithYou || position.get(a.id)! - position.get(b.id)!,
    );
}
