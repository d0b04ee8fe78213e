import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../tests/integration/test-database';
import type { Database } from './client';
import { startEmbeddedMaintenance } from './embedded-maintenance';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const quietLog = { error: (obj: unknown) => expect.unreachable(String(obj)) };

const dueMinutePlan = async () => {
  const plan = await database.db.execute(
    sql`explain select min(next_minute_at) from reading_sessions where status = 'active' and paused_at is null`,
  );
  return (plan as unknown as { rows: Record<string, string>[] }).rows.map((row) => Object.values(row)[0]).join('\n');
};

// Decision 029: PGlite has no autovacuum, so its planner never had statistics and read every running
// reading to find the next due minute, twenty times a second.
describe('the embedded database’s own maintenance', () => {
  it('gives the planner statistics, so the next due minute is one index entry, not every running reading', async () => {
    if (database.kind === 'postgres') {
      // There autovacuum does it.
      expect(startEmbeddedMaintenance(database, quietLog)).toBeUndefined();
      return;
    }
    await database.db.execute(sql`insert into "user" (id, name, email, role, email_verified, created_at, updated_at)
      select 'm'||g, 'n', 'm'||g||'@example.com', 'client', true, now(), now() from generate_series(1, 2000) g`);
    await database.db.execute(sql`insert into reading_sessions (id, client_id, reader_id, session_type, status, rate_per_minute_cents, requested_at, started_at, next_minute_at)
      select 's'||g, 'm'||g, 'm'||(g + 1000), 'chat', 'active', 250, now(), now(), now() + g * interval '1 second' from generate_series(1, 1000) g`);
    // Five minutes charged: five new versions of every row, as the billing engine writes them.
    for (let minute = 0; minute < 5; minute++) {
      await database.db.execute(
        sql`update reading_sessions set minutes_charged = minutes_charged + 1, next_minute_at = next_minute_at + interval '1 minute'`,
      );
    }
    expect(await dueMinutePlan()).not.toContain('Index Scan using reading_sessions_due_idx');

    const maintenance = startEmbeddedMaintenance(database, quietLog, 60_000);
    await maintenance?.idle();
    await maintenance?.stop();
    expect(await dueMinutePlan()).toContain('Index Scan using reading_sessions_due_idx');
  });
});
