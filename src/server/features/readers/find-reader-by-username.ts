import { and, sql } from 'drizzle-orm';
import type { Reader, ReaderDetails } from '@shared/readers';
import type { DbOrTx } from '../../db/client';
import { readerProfiles } from '../../db/schema';
import { isListedReader, selectListedReaders, selectReaders, toListedReader, toReader } from './reader-view';

/**
 * Usernames are unique case-insensitively, and the lower(username) index answers it: /readers/Aurora
 * is /readers/aurora.
 */
const isNamed = (username: string) => and(sql`lower(${readerProfiles.username}) = lower(${username})`, isListedReader);

/** The listed reader a profile URL names, in any case, without service figures (a link preview's). Null when none is listed. */
export async function findListedReaderByUsername(
  db: DbOrTx,
  username: string,
  viewerId: string | null = null,
): Promise<ReaderDetails | null> {
  const [row] = await selectReaders(db, viewerId).where(isNamed(username));
  return row ? toReader(row) : null;
}

/** The profile a URL names, with the reader's service figures up to `now`. Null when none is listed. */
export async function findReaderProfile(
  db: DbOrTx,
  username: string,
  now: Date,
  viewerId: string | null = null,
): Promise<Reader | null> {
  const [row] = await selectListedReaders(db, now, viewerId).where(isNamed(username));
  return row ? toListedReader(row) : null;
}
