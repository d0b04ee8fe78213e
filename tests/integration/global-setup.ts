import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/server/db/client';
import { createTemplatePostgres, dropScratchPostgres, dropScratchPostgresNamed } from './scratch-database';

/** Which database the test files of a project run on (see test-database.ts). */
export type TestDatabaseTarget =
  | { kind: 'pglite'; snapshotPath: string }
  | { kind: 'postgres'; serverUrl: string; template: string; scratchPrefix: string };

/**
 * Migrates one database for the whole run; each test file then gets a copy of it instead of
 * creating and migrating its own. PGlite (no DATABASE_URL, or the `integration-pglite` project): a
 * saved data directory that each file loads (1.2–1.8 s, where a fresh PGlite migrated takes ~7 s).
 * PostgreSQL: a template database that each file clones (0.07–0.25 s against 0.5–0.8 s). Every
 * clone's name starts with this run's own prefix, and the run's end drops any still there: a file
 * that failed before its close left its database on the server (~6 a CI run, 4 GB after a few
 * weeks of runs on one machine).
 */
export default async function setup(project: TestProject) {
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl && project.name !== 'integration-pglite') {
    const template = await createTemplatePostgres(serverUrl, 'soul_tribe_template');
    const scratchPrefix = `soul_tribe_test_${randomBytes(4).toString('hex')}`;
    project.provide('testDatabase', { kind: 'postgres', serverUrl, template, scratchPrefix });
    return async () => {
      const left = await dropScratchPostgresNamed(serverUrl, scratchPrefix);
      if (left.length > 0) console.warn(`Dropped ${left.length} test databases their files left: ${left.join(', ')}`);
      await dropScratchPostgres(serverUrl, template);
    };
  }
  const dir = mkdtempSync(join(tmpdir(), 'soul-tribe-snapshot-'));
  const database = await openDatabase({ kind: 'pglite' });
  await database.migrate();
  const client = (database.db as unknown as { $client: { dumpDataDir(c: 'none'): Promise<Blob> } }).$client;
  const dump = await client.dumpDataDir('none');
  const snapshotPath = join(dir, 'migrated.tar');
  writeFileSync(snapshotPath, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  project.provide('testDatabase', { kind: 'pglite', snapshotPath });
  return () => rmSync(dir, { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabase: TestDatabaseTarget;
  }
}
