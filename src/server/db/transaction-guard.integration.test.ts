import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../tests/integration/test-database';

const database = await openTestDatabase();
afterAll(() => database.close());
const { db } = database;
/** Why `run` failed: Drizzle wraps a statement's error in its own ('Failed query: …'), the guard's as its cause. */
async function refusal(run: Promise<unknown>): Promise<string> {
  const error: unknown = await run.then(
    () => undefined,
    (failure: unknown) => failure,
  );
  if (!(error instanceof Error)) return 'no error';
  return error.cause instanceof Error ? error.cause.message : error.message;
}
const one = async (run: Promise<unknown>) => ((await run) as { rows: unknown[] }).rows.length;

describe('a test database (tests/integration/transaction-guard.ts)', () => {
  it('refuses a statement on the database from inside a transaction, which would deadlock on PGlite', async () => {
    const statementInside = db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      await db.execute(sql`select 2`);
    });
    expect(await refusal(statementInside)).toMatch(/inside a transaction: use its tx/);
    const transactionInside = db.transaction(async () => db.transaction(async () => undefined));
    expect(await refusal(transactionInside)).toMatch(/inside a transaction: use its tx/);
  });

  it("lets a transaction's own statements, its savepoints and the statements after it through", async () => {
    const inside = await db.transaction(async (tx) => {
      const first = await one(tx.execute(sql`select 1`));
      const nested = await tx.transaction(async (savepoint) => one(savepoint.execute(sql`select 2`)));
      return first + nested;
    });
    expect(inside).toBe(2);
    expect(await one(db.execute(sql`select 3`))).toBe(1);
    const both = await Promise.all([
      db.transaction(async (tx) => one(tx.execute(sql`select 4`))),
      one(db.execute(sql`select 5`)),
    ]);
    expect(both).toEqual([1, 1]);
  });
});
