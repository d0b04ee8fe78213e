import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { expect, inject } from 'vitest';
import { type Database, openDatabase } from '../../src/server/db/client';
import { openScratchPostgres } from './scratch-database';
import { refuseStatementsBesideTransactions } from './transaction-guard';

/**
 * A fresh, migrated database for one test file, on the project's target (global-setup.ts): a copy
 * of the migrated PGlite snapshot, or a clone of the migrated template on the PostgreSQL server of
 * DATABASE_URL, dropped after. Either refuses a statement beside an open transaction
 * (transaction-guard.ts).
 */
export async function openTestDatabase(options: { poolSize?: number } = {}): Promise<Database & { url?: string }> {
  const target = inject('testDatabase');
  if (target.kind === 'pglite') {
    return refuseStatementsBesideTransactions(
      await openDatabase({ kind: 'pglite', loadDataDir: new Blob([readFileSync(target.snapshotPath)]) }),
    );
  }
  return openScratchPostgres(target.serverUrl, {
    // Named for its file, so one left behind (global-setup.ts drops it) says where it came from.
    prefix: `${target.scratchPrefix}_${fileTag()}`,
    poolSize: options.poolSize ?? 20,
    template: target.template,
  });
}

/** The test file's name as a database name allows it, short enough for PostgreSQL's 63 characters. */
function fileTag(): string {
  const file = basename(expect.getState().testPath ?? 'unknown');
  return file
    .replace(/\.(integration|scale-out)\.test\.ts$/, '')
    .replace(/[^a-z0-9]/gi, '_')
    .slice(0, 20)
    .toLowerCase();
}
