import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type Database, openDatabase } from '../../src/server/db/client';
import { refuseStatementsBesideTransactions } from './transaction-guard';

/**
 * A fresh, migrated database on a PostgreSQL server, dropped again on close: one per test file or
 * benchmark run, so they never see each other's rows. `serverUrl` needs a role that may create
 * databases. With `template` (a migrated database nobody is connected to) the new database is a
 * copy of it, 0.07–0.25 s, where creating and migrating one takes 0.5–0.8 s. The copy is of the
 * files (`strategy file_copy`): PostgreSQL 15's default writes every page of the template to the
 * WAL, 0.36 s of the server's CPU a clone against 0.12 s (20 clones of the migrated ~10 MB schema).
 */
export async function openScratchPostgres(
  serverUrl: string,
  options: { prefix: string; poolSize: number; template?: string },
): Promise<Database & { name: string; url: string }> {
  const { name, url } = await createScratchPostgres(serverUrl, options);
  const database = refuseStatementsBesideTransactions(
    await openDatabase({ kind: 'postgres', url, poolSize: options.poolSize }),
  );
  if (!options.template) await database.migrate();
  return {
    ...database,
    name,
    url,
    async close() {
      await database.close();
      // The pool survives its idle sockets being cut (db/client.ts), so a forced drop is safe.
      await dropScratchPostgres(serverUrl, name);
    },
  };
}

/** A new database on the server, empty or a copy of `template`; the caller drops it (dropScratchPostgres). */
export async function createScratchPostgres(
  serverUrl: string,
  options: { prefix: string; template?: string },
): Promise<{ name: string; url: string }> {
  const name = `${options.prefix}_${randomBytes(6).toString('hex')}`;
  await onPostgresServer(serverUrl, createDatabaseStatement(name, options.template));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { name, url: url.toString() };
}

/**
 * `create database`, in the tablespace TEST_DATABASE_TABLESPACE names when it is set: `.ci/run` makes
 * one in memory (/dev/shm) for the test cluster. On the machine's disk (ext4, mounted with `discard`)
 * a clone of the migrated template and its drop wrote and then unlinked ~1,000 files each, 0.35 s of
 * the machine's CPU a pair, most of it in the kernel; in memory 0.05 s (20 pairs: 7 CPU-s against
 * 1; a CI run makes ~150; decision 038, stop 65).
 */
export function createDatabaseStatement(name: string, template?: string): string {
  const tablespace = process.env.TEST_DATABASE_TABLESPACE;
  return [
    `create database ${name}`,
    ...(template ? [`template ${template} strategy file_copy`] : []),
    ...(tablespace ? [`tablespace ${tablespace}`] : []),
  ].join(' ');
}

/**
 * A migrated database left with no connections, for openScratchPostgres's `template`; the caller
 * drops it (dropScratchPostgres) when done.
 */
export async function createTemplatePostgres(serverUrl: string, prefix: string): Promise<string> {
  const { name, url } = await createScratchPostgres(serverUrl, { prefix });
  const database = await openDatabase({ kind: 'postgres', url, poolSize: 1 });
  try {
    await database.migrate();
  } finally {
    await database.close();
  }
  return name;
}

export async function dropScratchPostgres(serverUrl: string, name: string) {
  await onPostgresServer(serverUrl, `drop database if exists ${name} with (force)`);
}

/** Drops every database whose name starts with `prefix`; answers their names. */
export async function dropScratchPostgresNamed(serverUrl: string, prefix: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ datname: string }>(
      'select datname from pg_database where starts_with(datname, $1)',
      [prefix],
    );
    for (const { datname } of rows) await client.query(`drop database if exists ${datname} with (force)`);
    return rows.map(({ datname }) => datname);
  } finally {
    await client.end();
  }
}

export async function onPostgresServer(serverUrl: string, statement: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
