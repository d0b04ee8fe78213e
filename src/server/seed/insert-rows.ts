import { getTableColumns, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from '../db/client';

/**
 * Inserts many rows of one shape in a single statement that carries them as one JSON parameter.
 * PGlite binds thousands of separate parameters slowly (a multi-row VALUES of the demo's transfers
 * took several times as long), while PostgreSQL turns one JSON document into rows of the table's own
 * type quickly. Columns left out of the rows take their defaults (ids, created_at).
 */
export async function insertRows<T extends PgTable>(tx: Tx, table: T, rows: T['$inferInsert'][]) {
  const first = rows[0];
  if (!first) return;
  const columns = Object.entries(getTableColumns(table)).filter(([key]) => key in first);
  const names = sql.join(
    columns.map(([, column]) => sql.identifier(column.name)),
    sql`, `,
  );
  const json = JSON.stringify(
    rows.map((row) => {
      const values = new Map(Object.entries(row));
      return Object.fromEntries(columns.map(([key, column]) => [column.name, values.get(key)]));
    }),
  );
  await tx.execute(
    sql`insert into ${table} (${names}) select ${names} from json_populate_recordset(null::${table}, ${json}::json)`,
  );
}
