import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type Database, openDatabase } from './client';

/**
 * A fresh, migrated database on a PostgreSQL server, dropped again on close: one per test file or
 * benchmark run, so they never see each other's rows. `serverUrl` needs a role that may create
 * databases.
 */
export async function openScratchPostgres(serverUrl: string, options: { prefix: string; poolSize: number }): Promise<Database & { name: string; url: string }> {
  const name = `${options.prefix}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: options.poolSize });
  await database.migrate();
  return {
    ...database,
    name,
    url: url.toString(),
    async close() {
      await database.close();
      // The pool survives its idle sockets being cut (db/client.ts), so a forced drop is safe.
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      try {
        await dropper.query(`drop database if exists ${name} with (force)`);
      } finally {
        await dropper.end();
      }
    },
  };
}
