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
 * drains and stops on SIGINT and SIGTERM. Called by main.ts once the configuration has passed its checks.
 */
export async function serve(config: Config, options: { web: 'built' | 'vite' | 'none' }) {
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
  if (config.seedDemo && (await ensureAutomatedReader(database.db)))
    logger.info('demo reader Sage added to the demo data');
  if (config.admin) await ensureAdmin(database.db, config.admin, new Date(systemClock.now()), createWallet);

  // Sage, the demo reader the server answers itself, exists only with demo data (decision 041).
  const { app, drain } = await buildApp({ config, database, logger, web: options.web, runDemoReader: config.seedDemo });
  await app.listen({ port: config.port, host: config.host });
  logger.info(`Soul Tribe is running at ${config.publicUrl} (database: ${database.kind})`);

  let stopping = false;
  // SIGTERM (an orchestrator, a deploy) drains first (app.ts `drain`); SIGINT (Ctrl+C) the same.
  // Whatever the clients do, the process is gone within DRAIN_TIMEOUT_MS.
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    const startedAt = performance.now();
    logger.info(`${signal}: draining, exiting within ${config.drainTimeoutMs} ms`);
    setTimeout(() => {
      logger.error(`the drain took longer than DRAIN_TIMEOUT_MS (${config.drainTimeoutMs} ms): exiting now`);
      process.exit(1);
    }, config.drainTimeoutMs);
    await drain().catch((error) => logger.error({ err: error }, 'draining failed'));
    await app.close().catch((error) => logger.error({ err: error }, 'closing the server failed'));
    await database.close().catch((error) => logger.error({ err: error }, 'closing the database failed'));
    releaseLock();
    logger.info(`drained and stopped in ${Math.round(performance.now() - startedAt)} ms`);
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}
