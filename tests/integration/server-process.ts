import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';
import { type Database, openDatabase } from '../../src/server/db/client';
import { createScratchPostgres, dropScratchPostgres } from './scratch-database';

export { freePort, type ServerProcess, startServerProcess } from '../../scripts/node-process';

/**
 * A migrated database on the project's target (global-setup.ts) that a server process can open: a
 * PGlite data directory on disk (from the migrated snapshot), or a clone of the PostgreSQL template.
 * `open` is the test's own connection; on PGlite it must be closed before a server opens the folder.
 */
export async function serverDatabase(): Promise<{
  kind: 'pglite' | 'postgres';
  env: Record<string, string>;
  open(): Promise<Database>;
  remove(): Promise<void>;
}> {
  const target = inject('testDatabase');
  const dataDir = mkdtempSync(join(tmpdir(), 'soul-tribe-node-'));
  if (target.kind === 'pglite') {
    let snapshot: Blob | undefined = new Blob([readFileSync(target.snapshotPath)]);
    return {
      kind: 'pglite',
      env: { DATA_DIR: dataDir },
      async open() {
        const database = await openDatabase({ kind: 'pglite', dataDir: join(dataDir, 'pg'), loadDataDir: snapshot });
        snapshot = undefined;
        return database;
      },
      async remove() {
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  const { name, url } = await createScratchPostgres(target.serverUrl, {
    prefix: `${target.scratchPrefix}_node`,
    template: target.template,
  });
  return {
    kind: 'postgres',
    // DATA_DIR still holds the node's mailbox.
    env: { DATABASE_URL: url, DATA_DIR: dataDir },
    open: () => openDatabase({ kind: 'postgres', url, poolSize: 4 }),
    async remove() {
      await dropScratchPostgres(target.serverUrl, name);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
