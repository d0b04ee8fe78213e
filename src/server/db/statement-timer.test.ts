import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { timeStatements } from './statement-timer';

let client: PGlite;
const timed: { statement: string; ms: number }[] = [];
beforeAll(async () => {
  client = new PGlite();
  await client.waitReady;
  timeStatements(client, (statement, ms) => timed.push({ statement, ms }));
});
afterAll(() => client.close());

const msFor = (statement: string) => timed.filter((t) => t.statement === statement).map((t) => t.ms);

describe('the PGlite statement timer (bench:sessions)', () => {
  it('gives every exchange of a statement with parameters, and of a simple query, to that statement', async () => {
    timed.length = 0;
    const withParameters = 'select $1::int + 1 as answer';
    const simple = 'create table timed (id int)';
    const result = await client.query<{ answer: number }>(withParameters, [41]);
    await client.exec(simple);

    expect(result.rows[0]?.answer).toBe(42);
    // parse, describe, bind, describe, execute, sync: six exchanges, all the first statement's.
    expect(msFor(withParameters)).toHaveLength(6);
    // query, sync.
    expect(msFor(simple)).toHaveLength(2);
    expect(timed).toHaveLength(8);
    expect(timed.every((t) => t.ms >= 0)).toBe(true);
  });

  it('keeps timing statements that fail, and gives the failure to the caller unchanged', async () => {
    timed.length = 0;
    await expect(client.query('select * from no_such_table')).rejects.toThrow(/no_such_table/);
    expect(timed.length).toBeGreaterThan(0);
    expect(timed.every((t) => t.statement === 'select * from no_such_table')).toBe(true);
  });
});
