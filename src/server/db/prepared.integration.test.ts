import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../tests/integration/test-database';
import type { Database } from './client';
import { preparedPerDatabase } from './prepared';
import { user } from './schema';

const nameById = preparedPerDatabase('test_user_name_by_id', (db) =>
  db
    .select({ name: user.name })
    .from(user)
    .where(eq(user.id, sql.placeholder('id'))),
);

describe('a statement prepared per database', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
    await database.db.insert(user).values([
      { id: 'u1', name: 'Ada', email: 'ada@example.com' },
      { id: 'u2', name: 'Grace', email: 'grace@example.com' },
    ]);
  });
  afterAll(() => database.close());

  it('answers each call with its own values, and sees rows changed since it was prepared', async () => {
    expect(await nameById(database.db, { id: 'u1' })).toEqual([{ name: 'Ada' }]);
    expect(await nameById(database.db, { id: 'u2' })).toEqual([{ name: 'Grace' }]);
    await database.db.update(user).set({ name: 'Ada L.' }).where(eq(user.id, 'u1'));
    const concurrent = await Promise.all(['u1', 'u2', 'u3'].map((id) => nameById(database.db, { id })));
    expect(concurrent).toEqual([[{ name: 'Ada L.' }], [{ name: 'Grace' }], []]);
  });

  it('runs inside the transaction it is given: it sees the transaction’s own writes, and nothing of them after a rollback', async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await tx.update(user).set({ name: 'Grace H.' }).where(eq(user.id, 'u2'));
        expect(await nameById(tx, { id: 'u2' })).toEqual([{ name: 'Grace H.' }]);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await nameById(database.db, { id: 'u2' })).toEqual([{ name: 'Grace' }]);
  });
});
