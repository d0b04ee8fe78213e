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
import { passwordHasher } from './auth/password-hasher';

/**
 * Connections the kernel holds for the node while its thread is busy (Node's default: 511). A node
 * taking a drained node's every socket at once overflowed 511, and the load balancer's connects
 * timed out (HAProxy `sC--`: 723 in one rolling restart at 2,000 readings). The kernel caps it at
 * net.core.somaxconn (4096 on current Linux).
 */
const LISTEN_BACKLOG = 4096;
/**
 * A draining node closes its port once no request but health probes and Socket.IO's has reached it
 * for this long (its load balancer has taken it out: HAProxy after three failed checks a second
 * apart), or `LOAD_BALANCER_WAIT_MS` after SIGTERM, at most half of DRAIN_TIMEOUT_MS.
 */
const LOAD_BALANCER_QUIET_MS = 1000;
const LOAD_BALANCER_WAIT_MS = 5000;

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
  const hasher = passwordHasher(config);
  if (config.seedDemo && (await seedDemo(database.db, hasher))) logger.info('demo data created');
  if (config.seedDemo && (await ensureAutomatedReader(database.db, hasher)))
    logger.info('demo reader Sage added to the demo data');
  if (config.admin) await ensureAdmin(database.db, config.admin, new Date(systemClock.now()), createWallet, hasher);

  // Sage, the demo reader the server answers itself, exists only with demo data (decision 041).
  const { app, drain, arrivals } = await buildApp({
    config,
    database,
    logger,
    web: options.web,
    runDemoReader: config.seedDemo,
  });
  await app.listen({ port: config.port, host: config.host, backlog: LISTEN_BACKLOG });
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
    // SIGTERM is an orchestrator's, with a load balancer in front: the port stays open until that has
    // taken the node out (decision 055, 'Stop 57'). Ctrl+C (SIGINT) stops at once.
    if (signal === 'SIGTERM')
      await arrivals.untilQuiet(
        LOAD_BALANCER_QUIET_MS,
        startedAt + Math.min(LOAD_BALANCER_WAIT_MS, config.drainTimeoutMs / 2),
      );
    await app.close().catch((error) => logger.error({ err: error }, 'closing the server failed'));
    await database.close().catch((error) => logger.error({ err: error }, 'closing the database failed'));
    releaseLock();
    logger.info(`drained and stopped in ${Math.round(performance.now() - startedAt)} ms`);
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}
