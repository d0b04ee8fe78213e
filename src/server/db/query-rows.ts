import type { SQL } from 'drizzle-orm';
import type { DbOrTx } from './client';

/**
 * The rows of a raw SQL query, typed by the caller. Drizzle types `execute` per driver, and the two
 * we run (node-postgres, PGlite) both answer `{ rows }`: this is the one place that says so. The
 * row type is the caller's word for the query's columns (numbers from bigint and sums come as text).
 */
export async function queryRows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
