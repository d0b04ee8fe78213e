import { AsyncLocalStorage } from 'node:async_hooks';
import type { Database } from '../../src/server/db/client';

const inTransaction = new AsyncLocalStorage<true>();

/**
 * Fails a statement sent on the database itself (not on the transaction) from inside a transaction's
 * callback. On PostgreSQL it takes a second connection and works; on PGlite, one session, it waits
 * for the transaction to end, which waits for it: `npm start` would hang there. Every test database
 * refuses it, so each integration file on PostgreSQL finds one where it runs, and the PGlite stage
 * need not run that file to find it (docs/decisions/071).
 */
export function refuseStatementsBesideTransactions(database: Database): Database {
  const { db } = database;
  // Drizzle sends the database's own statements through its client: a node-postgres pool (query,
  // connect for a transaction) or PGlite (query, exec, transaction). A transaction's own go through
  // the connection or the transaction object it was given.
  const { $client: client } = db as unknown as { $client: Record<string, unknown> };
  const transaction = db.transaction.bind(db);
  db.transaction = (run, config) => transaction((tx) => inTransaction.run(true, () => run(tx)), config);
  for (const method of ['query', 'connect', 'exec', 'transaction']) {
    const original = client[method];
    if (typeof original !== 'function') continue;
    client[method] = (...args: unknown[]) => {
      if (inTransaction.getStore()) {
        throw new Error(
          'A statement on the database (db) inside a transaction: use its tx, or run it after the transaction. On PGlite this deadlocks.',
        );
      }
      return original.apply(client, args);
    };
  }
  return database;
}
