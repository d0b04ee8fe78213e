import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { type Database, openDatabase } from '../../src/server/db/client';

const migrations = fileURLToPath(new URL('../../src/server/db/migrations', import.meta.url));

/**
 * An in-memory database as it stood before migration `nextIdx`: only the migrations before it are
 * applied (from a copy of the folder with a shortened journal), so a test can write what the old
 * code left and then run `database.migrate()` for the rest.
 */
export async function databaseBeforeMigration(nextIdx: number): Promise<Database> {
  const oldMigrations = mkdtempSync(join(tmpdir(), `soul-tribe-before-${nextIdx}-`));
  try {
    cpSync(migrations, oldMigrations, { recursive: true });
    const journal = JSON.parse(readFileSync(join(oldMigrations, 'meta/_journal.json'), 'utf8')) as {
      entries: { idx: number }[];
    };
    journal.entries = journal.entries.filter((entry) => entry.idx < nextIdx);
    writeFileSync(join(oldMigrations, 'meta/_journal.json'), JSON.stringify(journal));
    const database = await openDatabase({ kind: 'pglite' });
    await migrate(database.db as never, { migrationsFolder: oldMigrations });
    return database;
  } finally {
    rmSync(oldMigrations, { recursive: true, force: true });
  }
}
