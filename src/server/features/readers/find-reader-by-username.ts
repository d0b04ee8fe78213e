import { and, sql } from 'drizzle-orm';
import type { Reader } from '@shared/readers';
import type { DbOrTx } from '../../db/client';
import { readerProfiles } from '../../db/schema';
import { isListedReader, selectReaders, toReader } from './reader-view';

/**
 * The listed reader a profile URL names, in any case (/readers/Aurora is /readers/aurora): usernames
 * are unique case-insensitively, and the lower(username) index answers it. Null when none is listed.
 */
export async function findListedReaderByUsername(db: DbOrTx, username: string, viewerId: string | null = null): Promise<Reader | null> {
  const [row] = await selectReaders(db, viewerId).where(and(sql`lower(${readerProfiles.username}) = lower(${username})`, isListedReader));
  return row ? toReader(row) : null;
}
