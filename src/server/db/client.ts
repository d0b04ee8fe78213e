import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { APP_ROOT } from '../app-root';
import * as schema from './schema';
import { type StatementTimeListener, timeStatements } from './statement-timer';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Service functions take either the database or an open transaction. */
export type DbOrTx = Db | Tx;

/** Told of each NOTIFY on a channel once its transaction committed; `null`: some may have been missed. */
export type NotificationListener = (payload: string | null) => void;

/** The channels the app listens on (migration 0030 announces directory changes on the first). */
export const NOTIFY_CHANNELS = ['directory_changed'] as const;
export type NotifyChannel = (typeof NOTIFY_CHANNELS)[number];

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** Listens on a channel of NOTIFY_CHANNELS; the returned function stops listening. */
  listen(channel: NotifyChannel, listener: NotificationListener): () => void;
}

const migrationsFolder = join(APP_ROOT, 'src/server/db/migrations');

/** Told of every statement the app sends (benchmarks count statements per charge with it). */
export type QueryListener = (query: string) => void;

export type DatabaseOptions =
  | { kind: 'postgres'; url: string; poolSize?: number; onQuery?: QueryListener }
  | {
      kind: 'pglite';
      dataDir?: string;
      loadDataDir?: Blob;
      onQuery?: QueryListener;
      onStatementTime?: StatementTimeListener;
    };

const queryLogger = (onQuery: QueryListener | undefined) =>
  onQuery ? { logger: { logQuery: (query: string) => onQuery(query) } } : {};

/** Opens PGlite (persisted in dataDir, or in memory when none) or a PostgreSQL pool. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.kind === 'postgres') {
    // Each connection listens before its first use (decision 042: a change this process commits is
    // heard on its own connection before the commit returns).
    const notifications = postgresNotifications(options.url);
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      onConnect: notifications.listenOn,
    });
    // An idle connection dropped by the server (restart, `drop database … with (force)`) must not
    // crash the process; the pool replaces it and the next query reconnects.
    pool.on('error', (error) => {
      console.error('PostgreSQL pool: idle connection lost:', error.message);
    });
    const db = drizzlePg(pool, { schema, ...queryLogger(options.onQuery) });
    return {
      db,
      kind: 'postgres',
      migrate: () => migrateUnderLock(pool, options.onQuery),
      close: async () => {
        await notifications.close();
        await pool.end();
      },
      listen: notifications.listen,
    };
  }
  // pg_trgm backs the directory's search index (migration 0009); PostgreSQL ships it in contrib.
  const client = new PGlite({ dataDir: options.dataDir, loadDataDir: options.loadDataDir, extensions: { pg_trgm } });
  await client.waitReady;
  if (options.onStatementTime) timeStatements(client, options.onStatementTime);
  const db = drizzlePglite(client, { schema, ...queryLogger(options.onQuery) });
  const listeners = listenerSets();
  // PGlite is one session: its own NOTIFYs reach it at commit, before the committing call returns.
  await Promise.all(
    NOTIFY_CHANNELS.map((channel) => client.listen(channel, (payload) => listeners.tell(channel, payload))),
  );
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder }),
    close: () => client.close(),
    listen: listeners.add,
  };
}

/**
 * Nodes started together on one PostgreSQL database would each migrate it, and the second's
 * `create table` fails on the first's (or both half-apply in parallel transactions). Migrating
 * holds a session-level advisory lock on one connection: the other nodes wait on it, then find
 * every migration recorded and apply none. The lock is the connection's, so a node that dies while
 * holding it releases it with its connection.
 */
async function migrateUnderLock(pool: pg.Pool, onQuery: QueryListener | undefined) {
  const client = await pool.connect();
  try {
    await client.query(`select pg_advisory_lock(hashtext('soul_tribe_migrations'))`);
    try {
      await migratePg(drizzlePg(client, { schema, ...queryLogger(onQuery) }), { migrationsFolder });
    } finally {
      await client.query(`select pg_advisory_unlock(hashtext('soul_tribe_migrations'))`);
    }
  } finally {
    client.release();
  }
}

function listenerSets() {
  const sets = new Map<NotifyChannel, Set<NotificationListener>>(
    NOTIFY_CHANNELS.map((channel) => [channel, new Set()]),
  );
  return {
    add(channel: NotifyChannel, listener: NotificationListener) {
      sets.get(channel)!.add(listener);
      return () => void sets.get(channel)!.delete(listener);
    },
    tell(channel: string, payload: string | null) {
      const known = NOTIFY_CHANNELS.find((candidate) => candidate === channel);
      for (const listener of known ? sets.get(known)! : []) listener(payload);
    },
  };
}

const RELISTEN_DELAY_MS = 1000;

/**
 * NOTIFY on PostgreSQL reaches a session that LISTENs. Every connection of the pool listens, so a
 * change this process commits is heard on its own connection before the commit returns (a read
 * right after a write sees it); one more connection listens for as long as the process runs, so
 * changes other processes commit are heard while the pool's connections are idle or closed. A
 * listener that loses its connection tells everyone `null` (anything may have changed meanwhile)
 * and listens again.
 */
function postgresNotifications(url: string) {
  const listeners = listenerSets();
  const listenOn = async (client: pg.ClientBase) => {
    client.on('notification', (message) => listeners.tell(message.channel, message.payload ?? null));
    for (const channel of NOTIFY_CHANNELS) await client.query(`LISTEN ${channel}`);
  };
  let closed = false;
  let dedicated: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  const tellAllMissed = () => {
    for (const channel of NOTIFY_CHANNELS) listeners.tell(channel, null);
  };
  const connect = async () => {
    if (closed) return;
    const client = new pg.Client({ connectionString: url });
    dedicated = client;
    const lost = () => {
      if (closed || dedicated !== client) return;
      dedicated = undefined;
      client.end().catch(() => undefined);
      tellAllMissed();
      retry = setTimeout(() => void connect(), RELISTEN_DELAY_MS);
    };
    client.on('error', lost);
    client.on('end', lost);
    try {
      await client.connect();
      await listenOn(client);
    } catch {
      lost();
    }
  };
  let started: Promise<void> | undefined;
  return {
    listenOn,
    listen(channel: NotifyChannel, listener: NotificationListener) {
      started ??= connect();
      return listeners.add(channel, listener);
    },
    async close() {
      closed = true;
      clearTimeout(retry);
      await started;
      await dedicated?.end().catch(() => undefined);
    },
  };
}
