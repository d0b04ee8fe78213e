import { asc } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { readerProfiles } from '../../db/schema';
import { isListedReader } from './reader-view';

/** Every listed reader's username and when their profile last changed, for /sitemap.xml. */
export async function listProfileLinks(db: DbOrTx): Promise<{ username: string; updatedAt: Date }[]> {
  return db
    .select({ username: readerProfiles.username, updatedAt: readerProfiles.updatedAt })
    .from(readerProfiles)
    .where(isListedReader)
    .orderBy(asc(readerProfiles.userId));
}
