import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { favoriteReaders, readerProfiles } from '../../db/schema';
import { notFound } from '../../errors';
import { assertListedReader } from '../readers';

/** Hearts a reader; hearting one already hearted changes nothing (the pair is the primary key). */
export async function addFavorite(db: DbOrTx, clientId: string, readerId: string, now: Date): Promise<void> {
  await assertListedReader(db, readerId);
  await db.insert(favoriteReaders).values({ clientId, readerId, createdAt: now }).onConflictDoNothing();
}

/** Un-hearts a reader; a reader who was not hearted stays so. Any reader's heart may be removed, even a suspended one's. */
export async function removeFavorite(db: DbOrTx, clientId: string, readerId: string): Promise<void> {
  const [reader] = await db
    .select({ id: readerProfiles.userId })
    .from(readerProfiles)
    .where(eq(readerProfiles.userId, readerId));
  if (!reader) throw notFound('Reader not found');
  await db
    .delete(favoriteReaders)
    .where(and(eq(favoriteReaders.clientId, clientId), eq(favoriteReaders.readerId, readerId)));
}
