import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema';
import { type StatementTimeListener, timeStatements } from './statement-timer';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Service functions take either the database or an open transaction. */
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  close(): Promise<void>;
}

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/** Told of every statement the app sends (benchmarks count statements per charge with it). */
export type QueryListener = (query: string) => void;

export type DatabaseOptions =
  | { kind: 'postgres'; url: string; poolSize?: number; onQuery?: QueryListener }
  | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob; onQuery?: QueryListener; onStatementTime?: StatementTimeListener };

const queryLogger = (onQuery: QueryListener | undefined) => (onQuery ? { logger: { logQuery: (query: string) => onQuery(query) } } : {});

/** Opens PGlite (persisted in dataDir, or in memory when none) or a PostgreSQL pool. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
    // An idle connection dropped by the server (restart, `drop database … with (force)`) must not
    // crash the process; the pool replaces it and the next query reconnects.
    pool.on('error', (error) => {
      console.error('PostgreSQL pool: idle connection lost:', error.message);
    });
    const db = drizzlePg(pool, { schema, ...queryLogger(options.onQuery) }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      migrate: () => migratePg(db as never, { migrationsFolder }),
      close: () => pool.end(),
    };
  }
  // pg_trgm backs the directory's search index (migration 0009); PostgreSQL ships it in contrib.
  const client = new PGlite({ dataDir: options.dataDir, loadDataDir: options.loadDataDir, extensions: { pg_trgm } });
  await client.waitReady;
  if (options.onStatementTime) timeStatements(client, options.onStatementTime);
  const db = drizzlePglite(client, { schema, ...queryLogger(options.onQuery) }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    close: () => client.close(),
  };
}
