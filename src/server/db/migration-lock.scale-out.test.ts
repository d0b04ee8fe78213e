import { readFileSync } from 'node:fs';
import { count } from 'drizzle-orm';
import { pgSchema, serial } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import {
  createDatabaseStatement,
  dropScratchPostgres,
  onPostgresServer,
} from '../../../tests/integration/scratch-database';
import { openDatabase } from './client';

/**
 * Nodes started together on an empty PostgreSQL database (decision 054): each migrates at start, and the
 * migrations must run once, under the advisory lock (db/client.ts), with every node coming up.
 */
if (!process.env.DATABASE_URL)
  throw new Error('The migration lock test needs DATABASE_URL (PostgreSQL): run it through `npm run test:pg`');
const serverUrl = process.env.DATABASE_URL;

/** Drizzle's own record of the migrations it applied, one row each. */
const drizzleMigrations = pgSchema('drizzle').table('__drizzle_migrations', { id: serial('id').primaryKey() });
const journal = JSON.parse(readFileSync(new URL('./migrations/meta/_journal.json', import.meta.url), 'utf8')) as {
  entries: unknown[];
};

describe('migrating on PostgreSQL', () => {
  it('runs each migration once when three nodes start together on an empty database', async () => {
    const name = `soul_migrate_${process.pid}`;
    await dropScratchPostgres(serverUrl, name);
    await onPostgresServer(serverUrl, createDatabaseStatement(name));
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const nodes = await Promise.all(
      [1, 2, 3].map(() => openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 2 })),
    );
    try {
      const results = await Promise.allSettled(nodes.map((node) => node.migrate()));
      expect(results.map((result) => result.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);
      const applied = await nodes[0]!.db.select({ count: count() }).from(drizzleMigrations);
      expect(applied).toEqual([{ count: journal.entries.length }]);
    } finally {
      await Promise.all(nodes.map((node) => node.close()));
      await dropScratchPostgres(serverUrl, name);
    }
  });
});
