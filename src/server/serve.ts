import { join, resolve } from 'node:path';
import { buildApp } from './app';
import { systemClock } from './clock';
import type { Config } from './config';
import { type Database, openDatabase } from './db/client';
import { lockDataDir } from './db/data-dir-lock';
import { ensureAdmin } from './features/auth/ensure-admin';
import { createWallet } from './features/wallet/ledger';
import { createLogger, wantsPrettyLogs } from './logger';
import { ensureAutomatedReader, seedDemo } from './seed/seed-demo';

/**
 * Opens the database, migrates it, seeds the demo data when asked, builds the app and listens;
 * stops on SIGINT and SIGTERM. Called by main.ts once the configuration has passed its checks.
 */
export async function serve(config: Config) {
  const logger = createLogger(config.logLevel, { pretty: wantsPrettyLogs(config) });
  let releaseLock = () => {};
  let database: Database;
  if (config.databaseUrl) {
    database = await openDatabase({ kind: 'postgres', url: config.databaseUrl });
  } else {
    const dataDir = resolve(config.dataDir);
    releaseLock = lockDataDir(dataDir).release;
    database = await openDatabase({ kind: 'pglite', dataDir: join(dataDir, 'pg') });
  }
  await database.migrate();
  if (config.seedDemo && (await seedDemo(database.db))) logger.info('demo data created');
  if (config.seedDemo && (await ensureAutomatedReader(database.db))) logger.info('demo reader Sage added to the demo data');
  if (config.admin) await ensureAdmin(database.db, config.admin, new Date(systemClock.now()), createWallet);

  // `npm run dev` passes --dev for Vite's hot reload; `npm start` always serves the built app.
  const web = process.argv.includes('--dev') ? 'vite' : 'built';
  // Sage, the demo reader the server answers itself, exists only with demo data (issue 30).
  const { app } = await buildApp({ config, database, logger, web, runDemoReader: config.seedDemo });
  await app.listen({ port: config.port, host: config.host });
  logger.info(`Soul Tribe is running at ${config.publicUrl} (database: ${database.kind})`);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info(`${signal}: shutting down`);
    await app.close().catch((error) => logger.error({ err: error }, 'closing the server failed'));
    await database.close().catch((error) => logger.error({ err: error }, 'closing the database failed'));
    releaseLock();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}
