import { sql } from 'drizzle-orm';
import type { PublicFigures } from '@shared/public-figures';
import type { DbOrTx } from '../../db/client';
import { readerProfiles } from '../../db/schema';
import { isListedReader } from './reader-view';

/**
 * The home and About pages' figures. Readings given count every reader's completed readings, a
 * suspended reader's too (they were given); readers count those the directory lists.
 */
export async function getPublicFigures(db: DbOrTx): Promise<PublicFigures> {
  const [row] = await db
    .select({
      readingsGiven: sql<number>`coalesce(sum(${readerProfiles.completedSessions}), 0)::int`,
      readers: sql<number>`(count(*) filter (where ${isListedReader}))::int`,
    })
    .from(readerProfiles);
  return { readingsGiven: row?.readingsGiven ?? 0, readers: row?.readers ?? 0 };
}
