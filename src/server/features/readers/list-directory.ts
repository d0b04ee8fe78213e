import { and, count, eq, type SQL, sql } from 'drizzle-orm';
import type { DirectoryQuery, ReaderList } from '@shared/readers';
import type { DbOrTx } from '../../db/client';
import { readerProfiles, readerSpecialtiesLower } from '../../db/schema';
import { directoryOrder } from './directory-order';
import { isListedReader, selectListedReaders, toListedReader } from './reader-view';

/** `like` treats % and _ as wildcards and \ as their escape: a typed one means itself. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, '\\$&');

function directoryFilter(query: DirectoryQuery): SQL | undefined {
  return and(
    isListedReader,
    // The search column and the specialties expression carry GIN indexes (db/schema.ts).
    query.search ? sql`${readerProfiles.searchText} like lower(${`%${escapeLike(query.search)}%`})` : undefined,
    query.specialty
      ? sql`${readerSpecialtiesLower(readerProfiles)} @> jsonb_build_array(lower(${query.specialty}::text))`
      : undefined,
    query.online ? eq(readerProfiles.isOnline, true) : undefined,
  );
}

/**
 * One page of the directory (one query) and how many readers match (one count), read from the
 * database: the definition the directory's cache (directory-cache.ts, which serves GET
 * /api/readers) is checked against in its tests, filter by filter and sort by sort.
 */
export async function listDirectory(
  db: DbOrTx,
  query: DirectoryQuery,
  now: Date,
  viewerId: string | null = null,
): Promise<ReaderList> {
  const where = directoryFilter(query);
  const order = directoryOrder(query.sort, now);
  // The page is chosen on the sort keys alone; the card's columns (schedule, busy) are then built
  // for that page's rows only, not for every reader that matched.
  const page = db
    .select({ id: readerProfiles.userId })
    .from(readerProfiles)
    .where(where)
    .orderBy(...order)
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize)
    .as('page');
  const rows = await selectListedReaders(db, now, viewerId)
    .innerJoin(page, eq(page.id, readerProfiles.userId))
    .orderBy(...order);
  const [counted] = await db.select({ total: count() }).from(readerProfiles).where(where);
  return {
    readers: rows.map((row) => toListedReader(row)),
    total: counted?.total ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
}
