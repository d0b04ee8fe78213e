/**
 * `npm run ledger:check`: checks the ledger's invariants on the configured database and exits 1
 * when one fails. With DATABASE_URL it reads PostgreSQL (safe while the server runs: one snapshot);
 * otherwise the PGlite database under DATA_DIR, which it locks first, so it refuses while the
 * server holds it (PGlite has no cross-process safety of its own).
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { count } from 'drizzle-orm';
import { type Database, openDatabase } from '../src/server/db/client';
import { DataDirInUseError, lockDataDir } from '../src/server/db/data-dir-lock';
import { ledgerAccounts, ledgerTransfers } from '../src/server/db/schema';
import { checkLedger, LEDGER_INVARIANTS } from '../src/server/features/wallet/check-ledger';

async function open(): Promise<{ database: Database; where: string; release(): void }> {
  const url = process.env.DATABASE_URL;
  if (url) {
    const database = await openDatabase({ kind: 'postgres', url, poolSize: 2 });
    return { database, where: `PostgreSQL ${new URL(url).host}${new URL(url).pathname}`, release: () => {} };
  }
  const dataDir = resolve(process.env.DATA_DIR ?? './data');
  const pgDir = join(dataDir, 'pg');
  if (!existsSync(pgDir))
    throw new Error(`no database at ${pgDir}: start the server once, or set DATA_DIR or DATABASE_URL`);
  const lock = lockDataDir(dataDir);
  try {
    return {
      database: await openDatabase({ kind: 'pglite', dataDir: pgDir }),
      where: `PGlite ${pgDir}`,
      release: lock.release,
    };
  } catch (error) {
    lock.release();
    throw error;
  }
}

async function main(): Promise<number> {
  const { database, where, release } = await open();
  try {
    const [accounts] = await database.db.select({ n: count() }).from(ledgerAccounts);
    const [transfers] = await database.db.select({ n: count() }).from(ledgerTransfers);
    console.log(`Ledger check on ${where}: ${accounts?.n ?? 0} accounts, ${transfers?.n ?? 0} transfers`);
    const failures = await checkLedger(database.db);
    for (const [invariant, description] of Object.entries(LEDGER_INVARIANTS)) {
      const found = failures.filter((f) => f.invariant === invariant);
      console.log(`${found.length === 0 ? '  ok  ' : '  FAIL'} ${description}`);
      for (const f of found) console.log(`         ${f.message}`);
    }
    console.log(failures.length === 0 ? 'All ledger invariants hold.' : `${failures.length} problem(s) found.`);
    return failures.length === 0 ? 0 : 1;
  } finally {
    await database.close();
    release();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(
      `ledger:check failed: ${error instanceof DataDirInUseError ? error.message : error instanceof Error ? error.message : String(error)}`,
    );
    process.exit(1);
  },
);
