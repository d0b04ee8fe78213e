import { desc } from 'drizzle-orm';
import type { AdminReadersPage, AdminReadersQuery } from '@shared/admin';
import type { DbOrTx } from '../../db/client';
import { readerProfiles } from '../../db/schema';
import { selectAdminReaders, toAdminReader } from './admin-reader-view';

/** Every reader, deactivated ones included, newest first. */
export async function listReaders(db: DbOrTx, query: AdminReadersQuery): Promise<AdminReadersPage> {
  const rows = await selectAdminReaders(db)
    .orderBy(desc(readerProfiles.createdAt), desc(readerProfiles.userId))
    .limit(query.limit + 1)
    .offset(query.offset);
  return { readers: rows.slice(0, query.limit).map(toAdminReader), hasMore: rows.length > query.limit };
}
