import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseBeforeMigration } from '../../../tests/integration/database-before-migration';
import type { Database } from './client';

// 0019's first text locked a charge list's accounts through `id IN (SELECT …)`; fc39eb5 edited the
// file in place to `= ANY (ARRAY(…))`, which a database that had already run 0019 never saw.
// Migration 0020 carries the fix, so every database ends on the same body.
let database: Database;

beforeAll(async () => {
  database = await databaseBeforeMigration(20);
});
afterAll(() => database.close());

async function lockClause() {
  const result = await database.db.execute(
    sql`select pg_get_functiondef('ledger_charge_split_many(jsonb)'::regprocedure) as body`,
  );
  const [row] = (result as unknown as { rows: { body: string }[] }).rows;
  const body = row?.body ?? '';
  return body.includes('= ANY (ARRAY(') ? 'array' : body.includes('WHERE id IN (') ? 'in-select' : 'unknown';
}

describe('migration 0020', () => {
  it('gives a database that ran the first 0019 the list lock through the index', async () => {
    expect(await lockClause()).toBe('in-select');
    await database.migrate();
    expect(await lockClause()).toBe('array');
  });
});
