import { sql } from 'drizzle-orm';
import type { Database } from './client';

/** Tables rewritten in place all day (each charge, each pause, each balance move). */
const HOT_TABLES = [
  'reading_sessions',
  'ledger_accounts',
  'reader_profiles',
  'app_nodes',
  'reader_queue',
  'live_streams',
  'mail_messages',
] as const;

export const EMBEDDED_MAINTENANCE_INTERVAL_MS = 60_000;

/**
 * PostgreSQL's autovacuum cleans dead row versions and keeps the planner's statistics; PGlite has
 * no background workers, so an embedded database never had either. Without statistics the planner
 * read every running reading to find the scheduler's next due minute (30 ms at 10,000 readings,
 * up to twenty times a second) instead of one index entry (0.04 ms), and dead versions piled up
 * with every charge (decision 029). So the app does it: VACUUM (ANALYZE) of the hot tables at
 * start and every minute. PostgreSQL's autovacuum does it there. One table per statement: the
 * whole list in one statement held the only connection for 230 ms at 9,000 readings, and every
 * minute due meanwhile waited for it; between tables, the waiting statements run.
 */
export function startEmbeddedMaintenance(
  database: Database,
  log: { error(obj: unknown, msg: string): void },
  intervalMs = EMBEDDED_MAINTENANCE_INTERVAL_MS,
) {
  if (database.kind !== 'pglite') return undefined;
  let running: Promise<void> = Promise.resolve();
  const run = () => {
    running = running
      .then(async () => {
        for (const table of HOT_TABLES) await database.db.execute(sql.raw(`vacuum (analyze) ${table}`));
      })
      .then(
        () => undefined,
        (error: unknown) => log.error({ err: error }, 'embedded database maintenance failed'),
      );
  };
  run();
  const timer = setInterval(run, intervalMs);
  return {
    /** Resolves when the pass under way has finished. */
    idle: () => running,
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
