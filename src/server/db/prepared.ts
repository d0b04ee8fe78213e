import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx } from './client';

type Placeholders = Record<string, unknown>;
interface Statement<R> {
  execute(values: Placeholders): Promise<R>;
}
interface Query<R> extends Statement<R> {
  prepare(name: string): Statement<R>;
}

/**
 * A read that drizzle prepares once per database instead of building its SQL on every call: on a
 * reconnect storm, building the join's statements was the largest part of a side's cost (decision
 * 055, 'Stop 47'). Inside a transaction the query is built as before: a statement prepared on the database
 * would run outside it.
 */
export function preparedPerDatabase<R>(name: string, build: (db: DbOrTx) => Query<R>) {
  const prepared = new WeakMap<Db, Statement<R>>();
  return (db: DbOrTx, values: Placeholders): Promise<R> => {
    if (db instanceof PgTransaction) return build(db).execute(values);
    let statement = prepared.get(db);
    if (!statement) {
      statement = build(db).prepare(name);
      prepared.set(db, statement);
    }
    return statement.execute(values);
  };
}
