import type { SQL } from 'drizzle-orm';
import { isRecord } from '@shared/records';
import type { DbOrTx } from './client';

/**
 * The rows of a raw SQL query, typed by the caller. Drizzle types `execute` per driver, and the two
 * we run (node-postgres, PGlite) both answer `{ rows }`: this is the one place that says so. The
 * row type is the caller's word for the query's columns (numbers from bigint and sums come as text).
 */
export async function queryRows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  if (!isRecord(result) || !Array.isArray(result.rows)) throw new Error('The database answered a query without rows');
  // biome-ignore lint/plugin: the row type is the caller's word for the query's columns, which SQL text cannot check.
  return result.rows as T[];
}
