import { readFileSync } from 'node:fs';
import { inject } from 'vitest';
import { type Database, openDatabase } from '../../src/server/db/client';
import { openScratchPostgres } from '../../src/server/db/scratch-database';

/**
 * A fresh, migrated database for one test file: a clone of the migrated PGlite snapshot, or, with
 * DATABASE_URL set (`npm run test:pg`), a new database on that PostgreSQL server, dropped after.
 */
export async function openTestDatabase(options: { poolSize?: number } = {}): Promise<Database & { url?: string }> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const snapshot = readFileSync(inject('pgliteSnapshotPath'));
    return openDatabase({ kind: 'pglite', loadDataDir: new Blob([snapshot]) });
  }
  return openScratchPostgres(serverUrl, { prefix: 'soul_tribe_test', poolSize: options.poolSize ?? 20 });
}
